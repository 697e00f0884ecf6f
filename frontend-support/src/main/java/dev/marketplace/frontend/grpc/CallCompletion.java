package dev.marketplace.frontend.grpc;

import java.util.function.Consumer;

import io.grpc.ClientCall;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.Status;

/** For interceptors that act on how a call ended. */
final class CallCompletion {

	private CallCompletion() {
	}

	/** The call, running the action with its final status just before its listener hears it. */
	static <Q, R> ClientCall<Q, R> whenClosed(ClientCall<Q, R> call, Consumer<Status> action) {
		return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {

			@Override
			public void start(Listener<R> listener, Metadata headers) {
				super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {

					@Override
					public void onClose(Status status, Metadata trailers) {
						action.accept(status);
						super.onClose(status, trailers);
					}

				}, headers);
			}

		};
	}

}
