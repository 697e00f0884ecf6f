package dev.marketplace.financial.payment;

import java.io.IOException;
import java.security.cert.X509Certificate;
import java.util.Optional;
import java.util.Set;

import dev.marketplace.web.CallerCertificate;
import dev.marketplace.web.LogText;
import dev.marketplace.web.RefusedCallers;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Serves only the callers {@code marketplace.payments.callers} lists, by the name (CN) on their
 * client certificate: mutual TLS proves that a caller holds a certificate of the internal CA, and
 * of those only the buyer frontend pays (and the operator's tools read the WSDL). Any other gets
 * 403 before its body is read; its first refusal is logged at WARN, the rest at DEBUG
 * (http.server.requests counts them all).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class PaymentCallersFilter extends OncePerRequestFilter {

	private static final Logger logger = LoggerFactory.getLogger(PaymentCallersFilter.class);

	/** Where a servlet container puts the client's certificate chain. */
	private static final String CERTIFICATES = "jakarta.servlet.request.X509Certificate";

	private final Set<String> callers;

	private final RefusedCallers refused = new RefusedCallers();

	PaymentCallersFilter(Settings settings) {
		this.callers = settings.callers();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Optional<String> caller = CallerCertificate.name((X509Certificate[]) request.getAttribute(CERTIFICATES));
		if (caller.isPresent() && this.callers.contains(caller.get())) {
			chain.doFilter(request, response);
			return;
		}
		logRefusal(caller.map(LogText::escape).orElse("a certificate without a name"));
		response.setStatus(HttpStatus.FORBIDDEN.value());
		response.setContentType(MediaType.TEXT_PLAIN_VALUE);
		response.getWriter().write("This certificate may not call the payment service\n");
	}

	private void logRefusal(String caller) {
		if (this.refused.isFirst(caller)) {
			logger.warn("Refused a request from {}, which is not among the payment service's callers"
					+ " (its further refusals are logged at DEBUG)", caller);
		}
		else {
			logger.debug("Refused a request from {}, which is not among the payment service's callers", caller);
		}
	}

	/** @param callers the names (CN) on the client certificates that may call the service */
	@ConfigurationProperties("marketplace.payments")
	record Settings(Set<String> callers) {

		Settings {
			callers = (callers != null) ? Set.copyOf(callers) : Set.of();
		}

	}

}
