package dev.marketplace.frontend.web;

import org.apache.catalina.core.StandardHost;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Errors Tomcat answers itself come as problem+json too ({@link ProblemJsonErrorReportValve}).
 * Spring Boot's error controller and its {@code /error} page are switched off in
 * marketplace-frontend.yml, so an error sent outside a handler reaches that valve as well, and
 * {@code /error} is a path like any other.
 */
@Configuration(proxyBeanMethods = false)
public class ProblemJsonErrorReports {

	/** After Spring Boot's own customizer, whose error report valve this one replaces. */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemJsonErrorReportValve() {
		return (factory) -> factory
			.addContextCustomizers((context) -> ProblemJsonErrorReportValve.install((StandardHost) context.getParent()));
	}

}
