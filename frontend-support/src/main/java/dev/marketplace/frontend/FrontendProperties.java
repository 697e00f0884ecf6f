package dev.marketplace.frontend;

import dev.marketplace.proto.customer.v1.Role;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param role whose sessions this frontend accepts: SELLER or BUYER
 */
@ConfigurationProperties("marketplace.frontend")
public record FrontendProperties(Role role) {

	public FrontendProperties {
		if (role != Role.SELLER && role != Role.BUYER) {
			throw new IllegalArgumentException("marketplace.frontend.role must be SELLER or BUYER");
		}
	}

}
