package dev.marketplace.frontend.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;

/**
 * Has the channel reconnect at once when a call on it fails with UNAVAILABLE. After a failed
 * connection attempt gRPC waits out an exponential backoff (1 s, 1.6 s, 2.6 s, ... up to two
 * minutes) before the next one and fails every call in between, so a database service that was
 * restarted kept getting 503s for seconds after it was healthy again (measured: for 4 s after
 * a 5-s restart). Only a channel waiting out that backoff is reset, not one whose server itself
 * answered UNAVAILABLE; and an open circuit keeps calls, and so resets, away from a dependency
 * that stays down.
 */
final class ReconnectOnUnavailable implements ClientInterceptor {

	private final ManagedChannel channel;

	ReconnectOnUnavailable(ManagedChannel channel) {
		this.channel = channel;
	}

	@Override
	public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
		return CallCompletion.whenClosed(next.newCall(method, options), (status) -> {
			if (status.getCode() == Status.Code.UNAVAILABLE
					&& this.channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE) {
				this.channel.resetConnectBackoff();
			}
		});
	}

}
