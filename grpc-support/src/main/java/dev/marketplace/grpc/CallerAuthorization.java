package dev.marketplace.grpc;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

import dev.marketplace.web.CallerCertificate;
import dev.marketplace.web.LogText;
import dev.marketplace.web.RefusedCallers;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Lets a call through only from a caller its service lists ({@link GrpcCallersProperties}): mutual
 * TLS proves that a caller holds a certificate of the internal CA, and this keeps each holder to
 * the services it needs (the seller frontend never reaches stock or carts, the payment service no
 * database service). Any other caller is answered PERMISSION_DENIED, and its first refusal by each
 * service is logged at WARN (the rest at DEBUG; grpc.server.processing.duration counts them all).
 * The name is read from the certificate once per TLS session.
 */
final class CallerAuthorization implements ServerInterceptor {

	static final String DEFAULT = "default";

	private static final Log logger = LogFactory.getLog(CallerAuthorization.class);

	private static final String SESSION_KEY = CallerAuthorization.class.getName();

	private final Map<String, Set<String>> callersByService;

	private final Map<String, Set<String>> callersByFullServiceName = new ConcurrentHashMap<>();

	private final RefusedCallers refused = new RefusedCallers();

	CallerAuthorization(Map<String, Set<String>> callers) {
		this.callersByService = callers.entrySet()
			.stream()
			.collect(Collectors.toUnmodifiableMap((entry) -> normalized(entry.getKey()), Map.Entry::getValue));
	}

	@Override
	public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
			ServerCallHandler<Q, R> next) {
		String caller = callerName(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
		String service = call.getMethodDescriptor().getServiceName();
		if (caller == null) {
			call.close(Status.UNAUTHENTICATED.withDescription("A client certificate with a name is required"),
					new Metadata());
			return new ServerCall.Listener<>() {
			};
		}
		if (!callers(service).contains(caller)) {
			logRefusal(caller, service);
			call.close(Status.PERMISSION_DENIED.withDescription("This certificate may not call " + service),
					new Metadata());
			return new ServerCall.Listener<>() {
			};
		}
		return next.startCall(call, headers);
	}

	private void logRefusal(String caller, String service) {
		String refusal = "Refused a call of " + service + " from " + LogText.escape(caller)
				+ ", which is not among its callers";
		if (this.refused.isFirst(caller + " " + service)) {
			logger.warn(refusal + " (its further refusals are logged at DEBUG)");
		}
		else if (logger.isDebugEnabled()) {
			logger.debug(refusal);
		}
	}

	/** The callers of a service, by its full name ({@code marketplace.customer.v1.CartService}). */
	Set<String> callers(String fullServiceName) {
		return this.callersByFullServiceName.computeIfAbsent(fullServiceName, (name) -> {
			String service = normalized(name.substring(name.lastIndexOf('.') + 1));
			return this.callersByService.getOrDefault(service, this.callersByService.getOrDefault(DEFAULT, Set.of()));
		});
	}

	private static String callerName(SSLSession session) {
		if (session == null) {
			return null;
		}
		if (session.getValue(SESSION_KEY) instanceof String name) {
			return name;
		}
		try {
			String name = CallerCertificate.name(session.getPeerCertificates()).orElse(null);
			if (name != null) {
				session.putValue(SESSION_KEY, name);
			}
			return name;
		}
		catch (SSLPeerUnverifiedException ex) {
			return null;
		}
	}

	/** {@code CartService}, {@code cart-service} and {@code CARTSERVICE} alike. */
	private static String normalized(String service) {
		return service.replace("-", "").toLowerCase(Locale.ROOT);
	}

}
