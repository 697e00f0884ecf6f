package dev.marketplace.frontend.session;

import java.util.List;

import dev.marketplace.frontend.FrontendProperties;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceFutureStub;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Lets controller methods declare {@link Caller} or {@link BearerToken} parameters, and offers
 * {@link SessionCheckedReads}.
 */
@Configuration(proxyBeanMethods = false)
public class SessionWebConfiguration implements WebMvcConfigurer {

	private final SessionServiceBlockingStub sessions;

	private final FrontendProperties frontend;

	SessionWebConfiguration(SessionServiceBlockingStub sessions, FrontendProperties frontend) {
		this.sessions = sessions;
		this.frontend = frontend;
	}

	@Bean
	SessionCheckedReads sessionCheckedReads(SessionServiceFutureStub sessionChecks) {
		return new SessionCheckedReads(sessionChecks, this.frontend.role());
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(new SessionArgumentResolver(this.sessions, this.frontend.role()));
	}

}
