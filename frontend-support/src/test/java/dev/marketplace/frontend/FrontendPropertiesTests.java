package dev.marketplace.frontend;

import java.time.Duration;

import dev.marketplace.proto.customer.v1.Role;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class FrontendPropertiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withUserConfiguration(Settings.class)
		.withPropertyValues("marketplace.frontend.role=BUYER", "marketplace.frontend.max-request-bytes=16384",
				"marketplace.frontend.grpc-retry-attempts=3", "marketplace.frontend.password-call-deadline=30s");

	@Test
	void theFrontendsSettingsAreReadFromTheirProperties() {
		this.contextRunner.run((context) -> assertThat(context.getBean(FrontendProperties.class))
			.isEqualTo(new FrontendProperties(Role.BUYER, 16384, 3, Duration.ofSeconds(30))));
	}

	@Test
	void aFrontendWithARequestLimitUnderOneByteDoesNotStart() {
		assertDoesNotStartWith("marketplace.frontend.max-request-bytes=0",
				"marketplace.frontend.max-request-bytes must be 1 or more");
	}

	@Test
	void aFrontendWithAZeroPasswordCallDeadlineDoesNotStart() {
		assertDoesNotStartWith("marketplace.frontend.password-call-deadline=0s",
				"marketplace.frontend.password-call-deadline must be positive");
	}

	private void assertDoesNotStartWith(String setting, String reason) {
		this.contextRunner.withPropertyValues(setting)
			.run((context) -> assertThat(context).getFailure().rootCause().hasMessage(reason));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(FrontendProperties.class)
	static class Settings {

	}

}
