package dev.marketplace.frontend.grpc;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

import io.grpc.EquivalentAddressGroup;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import io.grpc.Status;
import io.grpc.SynchronizationContext;

/**
 * Resolves {@code addresses:///host1:port1,host2:port2,...}: a fixed list of instances of one
 * service, one subchannel each, for gRPC's client-side balancing ({@code round_robin}) where no
 * DNS name lists them (several instances on one host, each on its own port). gRPC's own
 * resolvers take one address ({@code static://}, as Spring gRPC names it) or a DNS name
 * ({@code dns:///}, which Kubernetes' headless Services answer). The channel's authority, and so
 * the host name its TLS checks the server's certificate against, is the first entry's.
 * Registered in {@code META-INF/services/io.grpc.NameResolverProvider}.
 */
public final class AddressListNameResolverProvider extends NameResolverProvider {

	static final String SCHEME = "addresses";

	@Override
	protected boolean isAvailable() {
		return true;
	}

	/** Below DNS's 5, so that a target without a scheme stays a DNS name. */
	@Override
	protected int priority() {
		return 4;
	}

	@Override
	public String getDefaultScheme() {
		return SCHEME;
	}

	@Override
	public Collection<Class<? extends SocketAddress>> getProducedSocketAddressTypes() {
		return List.of(InetSocketAddress.class);
	}

	@Override
	public NameResolver newNameResolver(URI target, NameResolver.Args args) {
		if (!SCHEME.equals(target.getScheme())) {
			return null;
		}
		String path = (target.getPath() != null) ? target.getPath() : "";
		List<HostAndPort> addresses = HostAndPort.list(path.startsWith("/") ? path.substring(1) : path);
		Executor offload = (args.getOffloadExecutor() != null) ? args.getOffloadExecutor() : ForkJoinPool.commonPool();
		return new AddressListNameResolver(addresses, args.getSynchronizationContext(), offload);
	}

	/** One {@code host:port} of the list. */
	record HostAndPort(String host, int port) {

		/** {@code host:port[,host:port]...}, refused whole when any entry is not of that form. */
		static List<HostAndPort> list(String addresses) {
			List<HostAndPort> list = Arrays.stream(addresses.split(",", -1)).map(String::strip).map(HostAndPort::parse).toList();
			if (list.isEmpty()) {
				throw new IllegalArgumentException("no address in '" + addresses + "'");
			}
			return list;
		}

		private static HostAndPort parse(String entry) {
			int colon = entry.lastIndexOf(':');
			if (colon <= 0 || colon == entry.length() - 1) {
				throw new IllegalArgumentException("'" + entry + "' is not host:port");
			}
			int port;
			try {
				port = Integer.parseInt(entry.substring(colon + 1));
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("'" + entry + "' is not host:port", ex);
			}
			if (port < 1 || port > 65535) {
				throw new IllegalArgumentException("'" + entry + "' has no port from 1 to 65535");
			}
			return new HostAndPort(entry.substring(0, colon), port);
		}

		@Override
		public String toString() {
			return this.host + ":" + this.port;
		}

	}

	/**
	 * Looks the hosts up off the channel's synchronization context (a name lookup blocks), each
	 * host's addresses one group; a host that no longer resolves drops out until it does again,
	 * and a list none of whose hosts resolves is UNAVAILABLE. gRPC asks again (refresh) when
	 * connections fail.
	 */
	private static final class AddressListNameResolver extends NameResolver {

		private final List<HostAndPort> addresses;

		private final SynchronizationContext syncContext;

		private final Executor offload;

		private Listener2 listener;

		private boolean resolving;

		private boolean shutdown;

		AddressListNameResolver(List<HostAndPort> addresses, SynchronizationContext syncContext, Executor offload) {
			this.addresses = addresses;
			this.syncContext = syncContext;
			this.offload = offload;
		}

		@Override
		public String getServiceAuthority() {
			return this.addresses.get(0).toString();
		}

		@Override
		public void start(Listener2 listener) {
			this.listener = listener;
			resolve();
		}

		@Override
		public void refresh() {
			resolve();
		}

		@Override
		public void shutdown() {
			this.shutdown = true;
		}

		private void resolve() {
			if (this.resolving || this.shutdown) {
				return;
			}
			this.resolving = true;
			this.offload.execute(() -> {
				List<EquivalentAddressGroup> groups = new ArrayList<>();
				List<String> unresolved = new ArrayList<>();
				for (HostAndPort address : this.addresses) {
					try {
						List<SocketAddress> resolved = new ArrayList<>();
						for (InetAddress ip : InetAddress.getAllByName(address.host())) {
							resolved.add(new InetSocketAddress(ip, address.port()));
						}
						groups.add(new EquivalentAddressGroup(resolved));
					}
					catch (UnknownHostException ex) {
						unresolved.add(address.toString());
					}
				}
				this.syncContext.execute(() -> {
					this.resolving = false;
					if (this.shutdown) {
						return;
					}
					if (groups.isEmpty()) {
						this.listener.onError(Status.UNAVAILABLE.withDescription("no host of " + unresolved + " resolves"));
					}
					else {
						this.listener.onResult(ResolutionResult.newBuilder().setAddresses(groups).build());
					}
				});
			});
		}

	}

}
