package dev.marketplace.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Map;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

import dev.marketplace.devcerts.DevelopmentCertificates;
import io.grpc.ChannelCredentials;
import io.grpc.TlsChannelCredentials;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The certificates the tests' services and clients present to each other: a private CA and a
 * certificate for each service and for the tests' own client, issued once under {@code target/}
 * by the same {@link DevelopmentCertificates} that {@code ./marketplace up} uses. A second,
 * unrelated CA ({@link #otherAuthority()}) signs certificates that every service must refuse.
 */
public final class TestCertificates {

	/**
	 * The name of the certificate the tests' own clients present: the operator's, which every
	 * service lets call it, as grpcurl and curl do.
	 */
	public static final String OPERATOR = "operator";

	private static final List<String> NAMES = List.of("customer-db-service", "product-db-service",
			"financial-soap-service", "seller-service", "buyer-service", OPERATOR);

	private static TestCertificates shared;

	private static TestCertificates other;

	private final Path directory;

	private TestCertificates(Path directory) {
		this.directory = directory.toAbsolutePath();
		try {
			DevelopmentCertificates.issue(this.directory, NAMES, List.of());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Could not issue the test certificates", ex);
		}
	}

	/** The CA every service of the tests trusts, with its certificates. */
	public static synchronized TestCertificates shared() {
		if (shared == null) {
			shared = new TestCertificates(Path.of("target", "test-certificates"));
		}
		return shared;
	}

	/** Another CA, which no service trusts, with certificates of the same names. */
	public static synchronized TestCertificates otherAuthority() {
		if (other == null) {
			other = new TestCertificates(Path.of("target", "test-certificates-other-ca"));
		}
		return other;
	}

	public Path certificate(String name) {
		return this.directory.resolve(name + ".crt");
	}

	public Path privateKey(String name) {
		return this.directory.resolve(name + ".key");
	}

	public Path caCertificate() {
		return certificate("ca");
	}

	/** The environment a service process reads its certificate, key and trusted CA from. */
	public Map<String, String> environment(String name) {
		return Map.of("TLS_CERTIFICATE", "file:" + certificate(name), "TLS_PRIVATE_KEY", "file:" + privateKey(name),
				"TLS_CA_CERTIFICATE", "file:" + caCertificate());
	}

	/** The same, for a service started in the test's JVM. */
	public void register(DynamicPropertyRegistry registry, String name) {
		environment(name).forEach((variable, value) -> registry.add(variable, () -> value));
	}

	/** What a gRPC client presents as {@code name}, trusting this CA alone. */
	public ChannelCredentials channelCredentials(String name) {
		try {
			return TlsChannelCredentials.newBuilder()
				.keyManager(certificate(name).toFile(), privateKey(name).toFile())
				.trustManager(caCertificate().toFile())
				.build();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** What an HTTPS client presents as {@code name}, trusting this CA alone. */
	public SSLContext sslContext(String name) {
		return sslContext(keyManagers(name), trustManagers());
	}

	/** An HTTPS client's TLS context; {@code keys} null for a client that presents no certificate. */
	public static SSLContext sslContext(KeyManager[] keys, TrustManager[] trusted) {
		try {
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keys, trusted, null);
			return context;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("No TLS in this JDK", ex);
		}
	}

	/** The certificate and key of {@code name}, for a TLS context. */
	public KeyManager[] keyManagers(String name) {
		try {
			KeyStore keys = KeyStore.getInstance("PKCS12");
			keys.load(null, null);
			keys.setKeyEntry(name, DevelopmentCertificates.readPrivateKey(privateKey(name)), new char[0],
					new Certificate[] { DevelopmentCertificates.readCertificate(certificate(name)) });
			KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			factory.init(keys, new char[0]);
			return factory.getKeyManagers();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Could not load the test certificate " + name, ex);
		}
	}

	/** Trust in this CA alone, for a TLS context. */
	public TrustManager[] trustManagers() {
		try {
			KeyStore trusted = KeyStore.getInstance("PKCS12");
			trusted.load(null, null);
			trusted.setCertificateEntry("ca", DevelopmentCertificates.readCertificate(caCertificate()));
			TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			factory.init(trusted);
			return factory.getTrustManagers();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Could not load the test CA", ex);
		}
	}

}
