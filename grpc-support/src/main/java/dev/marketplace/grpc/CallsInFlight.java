package dev.marketplace.grpc;

import io.grpc.Metadata;

/**
 * How many calls a client had in flight on its connection when it started a call, itself
 * included: sent with each call of the frontends to the database services, whose event loops serve
 * one connection's calls one after another, so that a call arriving behind many others can be
 * given a thread of its own instead of waiting its turn (see
 * {@link MarketplaceGrpcServerAutoConfiguration}).
 */
public final class CallsInFlight {

	public static final Metadata.Key<String> HEADER = Metadata.Key.of("marketplace-calls-in-flight",
			Metadata.ASCII_STRING_MARSHALLER);

	private CallsInFlight() {
	}

	/** The count a call's headers carry; 1, the call alone, where they carry none or nonsense. */
	public static int of(Metadata headers) {
		String count = headers.get(HEADER);
		if (count == null) {
			return 1;
		}
		try {
			return Math.max(1, Integer.parseInt(count));
		}
		catch (NumberFormatException notACount) {
			return 1;
		}
	}

}
