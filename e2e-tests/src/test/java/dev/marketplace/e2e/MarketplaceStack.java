package dev.marketplace.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

import dev.marketplace.testsupport.DatabaseLink;
import dev.marketplace.testsupport.TestDatabaseServer;

/**
 * The real marketplace for end-to-end tests: the database services and the frontends as
 * separate processes on free ports, on databases of their own on the shared test server.
 */
final class MarketplaceStack implements AutoCloseable {

	final ServiceProcess customerDb;

	final ServiceProcess productDb;

	final ServiceProcess seller;

	final ServiceProcess buyer;

	final ServiceProcess financial;

	final String sellerUrl;

	final String buyerUrl;

	/** The frontends' actuator (health, metrics, Prometheus), on ports of their own. */
	final String sellerManagementUrl;

	final String buyerManagementUrl;

	final String financialManagementUrl;

	/** The database services' actuator, on their HTTP ports. */
	final String customerDbManagementUrl;

	final String productDbManagementUrl;

	/** Where the database services' gRPC APIs listen, for test fixtures. */
	final int customerDbGrpcPort;

	final int productDbGrpcPort;

	/** Where the payment service's SOAP endpoint listens (HTTPS, client certificates only). */
	final int financialPort;

	/** Every port that only the marketplace's own services and operators may reach. */
	final List<Integer> internalPorts;

	private static final int FIRST_PORT = 20_000;

	private static final int PORTS = 12_000;

	/** Ports given to a stack of this JVM already, so two stacks never get the same one. */
	private static final Set<Integer> handedOut = ConcurrentHashMap.newKeySet();

	private static MarketplaceStack shared;

	private final List<ServiceProcess> started = new ArrayList<>();

	private MarketplaceStack(String name, Map<String, String> settings, UnaryOperator<String> databaseRoute)
			throws Exception {
		TestDatabaseServer database = TestDatabaseServer.shared();
		Path logs = Files.createDirectories(Path.of("target", "e2e-logs", name));
		int customerGrpc = freePort();
		int productGrpc = freePort();
		int customerHttp = freePort();
		int productHttp = freePort();
		int sellerPort = freePort();
		int buyerPort = freePort();
		int financialPort = freePort();
		int sellerManagement = freePort();
		int buyerManagement = freePort();
		int financialManagement = freePort();

		this.customerDb = new ServiceProcess("customer-db-service",
				environment(settings, "CUSTOMER_DB_JDBC_URL", databaseRoute.apply(database.createDatabase("customer")),
						"CUSTOMER_DB_USER", database.username(), "CUSTOMER_DB_PASSWORD", database.password(),
						"CUSTOMER_DB_GRPC_PORT", customerGrpc, "CUSTOMER_DB_HTTP_PORT", customerHttp,
						"PASSWORD_BCRYPT_STRENGTH", 4),
				customerHttp, logs);
		this.productDb = new ServiceProcess("product-db-service",
				environment(settings, "PRODUCT_DB_JDBC_URL", databaseRoute.apply(database.createDatabase("product")),
						"PRODUCT_DB_USER", database.username(), "PRODUCT_DB_PASSWORD", database.password(),
						"PRODUCT_DB_GRPC_PORT", productGrpc, "PRODUCT_DB_HTTP_PORT", productHttp),
				productHttp, logs);
		String customerDbAddress = "127.0.0.1:" + customerGrpc;
		String productDbAddress = "127.0.0.1:" + productGrpc;
		this.seller = new ServiceProcess("seller-service",
				environment(settings, "CUSTOMER_DB_ADDRESS", customerDbAddress, "PRODUCT_DB_ADDRESS", productDbAddress,
						"SELLER_PORT", sellerPort, "SELLER_MANAGEMENT_PORT", sellerManagement),
				sellerManagement, logs);
		this.buyer = new ServiceProcess("buyer-service",
				environment(settings, "CUSTOMER_DB_ADDRESS", customerDbAddress, "PRODUCT_DB_ADDRESS", productDbAddress,
						"FINANCIAL_ADDRESS", "127.0.0.1:" + financialPort, "BUYER_PORT", buyerPort,
						"BUYER_MANAGEMENT_PORT", buyerManagement),
				buyerManagement, logs);
		this.financial = new ServiceProcess("financial-soap-service",
				environment(settings, "PAYMENT_DB_JDBC_URL", database.createDatabase("payments"), "PAYMENT_DB_USER",
						database.username(), "PAYMENT_DB_PASSWORD", database.password(),
						"PAYMENT_APPROVAL_PROBABILITY", "1.0", "FINANCIAL_PORT", financialPort,
						"FINANCIAL_MANAGEMENT_PORT", financialManagement),
				financialManagement, logs);
		this.customerDbGrpcPort = customerGrpc;
		this.productDbGrpcPort = productGrpc;
		this.financialPort = financialPort;
		this.internalPorts = List.of(customerGrpc, productGrpc, customerHttp, productHttp, financialPort,
				sellerManagement, buyerManagement, financialManagement);
		this.sellerUrl = "http://127.0.0.1:" + sellerPort;
		this.buyerUrl = "http://127.0.0.1:" + buyerPort;
		this.sellerManagementUrl = "http://127.0.0.1:" + sellerManagement;
		this.buyerManagementUrl = "http://127.0.0.1:" + buyerManagement;
		this.financialManagementUrl = "http://127.0.0.1:" + financialManagement;
		this.customerDbManagementUrl = "http://127.0.0.1:" + customerHttp;
		this.productDbManagementUrl = "http://127.0.0.1:" + productHttp;
	}

	/**
	 * Starts all five services, each with {@code settings} in its environment on top of its
	 * defaults (for example a short {@code SESSION_IDLE_TIMEOUT} or a
	 * {@code PAYMENT_APPROVAL_PROBABILITY}, which is 1.0 unless set). The frontends start once the
	 * services they call are healthy, as a deployment would start them, so no test's first request
	 * meets a dependency that is still starting.
	 */
	static MarketplaceStack start(String name, Map<String, String> settings) throws Exception {
		return start(name, settings, UnaryOperator.identity());
	}

	/**
	 * As {@link #start(String, Map)}, with the database services reaching their databases by the
	 * JDBC URLs {@code databaseRoute} makes of theirs (through a {@link DatabaseLink}).
	 */
	static MarketplaceStack start(String name, Map<String, String> settings, UnaryOperator<String> databaseRoute)
			throws Exception {
		MarketplaceStack stack = new MarketplaceStack(name, settings, databaseRoute);
		try {
			stack.startAndAwaitHealthy(List.of(stack.customerDb, stack.productDb, stack.financial));
			stack.startAndAwaitHealthy(List.of(stack.seller, stack.buyer));
			return stack;
		}
		catch (Exception ex) {
			stack.close();
			throw ex;
		}
	}

	private void startAndAwaitHealthy(List<ServiceProcess> services) throws Exception {
		for (ServiceProcess service : services) {
			service.start();
			this.started.add(service);
		}
		for (ServiceProcess service : services) {
			service.awaitHealthy();
		}
	}

	/**
	 * The stack with default settings that the test classes of this JVM share, started on first
	 * use and stopped when the JVM exits.
	 */
	static synchronized MarketplaceStack shared() throws Exception {
		if (shared == null) {
			MarketplaceStack stack = start("shared", Map.of());
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					stack.close();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}, "marketplace-stack-stop"));
			shared = stack;
		}
		return shared;
	}

	/** A service's own variables (name, value, name, value, ...), then the stack's settings over them. */
	private static Map<String, String> environment(Map<String, String> settings, Object... own) {
		Map<String, String> environment = new HashMap<>();
		for (int i = 0; i < own.length; i += 2) {
			environment.put((String) own[i], String.valueOf(own[i + 1]));
		}
		environment.putAll(settings);
		return environment;
	}

	/**
	 * A port free now, below Linux's ephemeral range (32768 and up by default). The service binds
	 * it seconds later, and meanwhile every outgoing connection on the machine (the JDBC pools,
	 * the gRPC channels) takes a port from that range: a port the kernel handed out for
	 * listening was once taken that way before its service started.
	 */
	private static int freePort() {
		for (int attempt = 0; attempt < 1_000; attempt++) {
			int port = FIRST_PORT + ThreadLocalRandom.current().nextInt(PORTS);
			if (!handedOut.add(port)) {
				continue;
			}
			try (ServerSocket socket = new ServerSocket(port)) {
				return port;
			}
			catch (IOException busy) {
				// Taken by something else on the machine: try another.
			}
		}
		throw new IllegalStateException("No free port between " + FIRST_PORT + " and " + (FIRST_PORT + PORTS - 1));
	}

	@Override
	public void close() throws InterruptedException {
		for (int i = this.started.size() - 1; i >= 0; i--) {
			this.started.get(i).close();
		}
	}

}
