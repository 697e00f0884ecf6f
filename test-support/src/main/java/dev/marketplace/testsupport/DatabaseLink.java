package dev.marketplace.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP link between the database server and its clients (a database service, or a connection
 * pool) that a test can cut and mend, as a network failure or a crashed server would: cut, every
 * connection through it is closed and new ones are refused; mended, it accepts them again on the
 * same port. It starts cut. Bytes pass through untouched.
 */
public final class DatabaseLink implements AutoCloseable {

	/** {@code jdbc:<driver>://<host>[:<port>]/<rest>} */
	private static final Pattern JDBC_URL = Pattern.compile("(jdbc:[a-z]+://)([^/:]+)(?::(\\d+))?(/.*)");

	private final int port;

	private final Set<Socket> connections = ConcurrentHashMap.newKeySet();

	private volatile InetSocketAddress server;

	private volatile ServerSocket listener;

	public DatabaseLink() throws IOException {
		try (ServerSocket probe = new ServerSocket(0)) {
			this.port = probe.getLocalPort();
		}
	}

	/**
	 * The same database reached through this link: its JDBC URL with the link's address in place of
	 * the server's. Every URL given here must name the same server.
	 */
	public String route(String jdbcUrl) {
		Matcher url = JDBC_URL.matcher(jdbcUrl);
		if (!url.matches()) {
			throw new IllegalArgumentException("Not a JDBC URL with a host: " + jdbcUrl);
		}
		int serverPort = (url.group(3) != null) ? Integer.parseInt(url.group(3)) : 3306;
		this.server = new InetSocketAddress(url.group(2), serverPort);
		return url.group(1) + "127.0.0.1:" + this.port + url.group(4);
	}

	/** Accepts connections (again). */
	public synchronized void mend() throws IOException {
		if (this.listener != null) {
			return;
		}
		ServerSocket listening = new ServerSocket();
		listening.setReuseAddress(true);
		listening.bind(new InetSocketAddress("127.0.0.1", this.port));
		this.listener = listening;
		daemon("database-link-accept", () -> accept(listening));
	}

	/** Refuses new connections and closes every open one. */
	public synchronized void cut() throws IOException {
		if (this.listener == null) {
			return;
		}
		this.listener.close();
		this.listener = null;
		for (Socket connection : this.connections) {
			connection.close();
		}
		this.connections.clear();
	}

	@Override
	public void close() throws IOException {
		cut();
	}

	private void accept(ServerSocket listening) {
		while (!listening.isClosed()) {
			try {
				connect(listening.accept(), listening);
			}
			catch (IOException closed) {
				// Cut.
			}
		}
	}

	private void connect(Socket client, ServerSocket listening) throws IOException {
		Socket database;
		try {
			database = new Socket(this.server.getHostString(), this.server.getPort());
		}
		catch (IOException refused) {
			// The client's connection fails as it would without the link.
			client.close();
			return;
		}
		this.connections.add(client);
		this.connections.add(database);
		if (listening.isClosed()) {
			// Accepted just before a cut, and added after it had closed the others.
			this.connections.remove(client);
			this.connections.remove(database);
			client.close();
			database.close();
			return;
		}
		daemon("database-link-up", () -> pump(client, database));
		daemon("database-link-down", () -> pump(database, client));
	}

	/** Copies one direction until either side closes, then closes both. */
	private void pump(Socket from, Socket to) {
		try (from; to) {
			from.getInputStream().transferTo(to.getOutputStream());
		}
		catch (IOException closed) {
			// The other direction, or a cut, closed it.
		}
		finally {
			this.connections.remove(from);
			this.connections.remove(to);
		}
	}

	private static void daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

}
