package dev.marketplace.devcerts;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private certificate authority and, signed by it, a certificate for each service of the
 * marketplace, as PEM files: {@code ca.crt}, and {@code <name>.crt} with {@code <name>.key} for
 * each name. Every internal connection is mutual TLS, and each side trusts exactly the
 * certificates this CA signed. For development and tests only: production brings certificates of
 * its own by configuration.
 * <p>
 * A name {@code <service>/<instance>}, such as {@code customer-db-service/2}, issues
 * {@code customer-db-service-2.crt} and its key: one instance's own key pair, with the service's
 * name as its common name, which is what the services admit callers by.
 * <p>
 * Each certificate names {@code localhost}, the loopback addresses and its own name as hosts,
 * plus any given with {@code --host}. Running it again keeps what is there while the CA and every
 * certificate are valid for another {@value #RENEW_BEFORE_DAYS} days, so services restart on the
 * same files; otherwise it issues everything anew.
 */
public final class DevelopmentCertificates {

	static final String CA = "ca";

	private static final int RENEW_BEFORE_DAYS = 30;

	private static final Duration CA_VALIDITY = Duration.ofDays(3650);

	private static final Duration LEAF_VALIDITY = Duration.ofDays(397);

	private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

	private static final SecureRandom random = new SecureRandom();

	private final Path directory;

	private DevelopmentCertificates(Path directory) {
		this.directory = directory;
	}

	/**
	 * {@code <directory> [--host <name or address>]... <certificate name>...}, for example
	 * {@code .marketplace/tls customer-db-service product-db-service operator}.
	 */
	public static void main(String[] args) throws Exception {
		List<String> names = new ArrayList<>();
		List<String> hosts = new ArrayList<>();
		for (int i = 1; i < args.length; i++) {
			if (args[i].equals("--host") && i + 1 < args.length) {
				hosts.add(args[++i]);
			}
			else {
				names.add(args[i]);
			}
		}
		if (args.length == 0 || names.isEmpty()) {
			System.err.println("usage: DevelopmentCertificates <directory> [--host <name>]... <certificate name>...");
			System.exit(2);
		}
		boolean issued = issue(Path.of(args[0]), names, hosts);
		System.out.println((issued ? "Issued" : "Kept") + " the development CA and certificates in " + args[0]);
	}

	/**
	 * Makes sure {@code directory} holds a valid CA and a valid certificate for each name.
	 * @return whether anything was issued
	 */
	public static boolean issue(Path directory, List<String> names, List<String> extraHosts)
			throws IOException, GeneralSecurityException {
		Files.createDirectories(directory);
		restrictToOwner(directory, "rwx------");
		DevelopmentCertificates store = new DevelopmentCertificates(directory);
		if (store.allValid(names)) {
			return false;
		}
		KeyPair ca = newKeyPair();
		X509Certificate caCertificate = store.selfSignedCa(ca);
		store.write(CA, caCertificate, ca.getPrivate());
		for (String name : names) {
			KeyPair keys = newKeyPair();
			String service = serviceOf(name);
			store.write(fileNameOf(name),
					store.signed(service, keys.getPublic(), hosts(service, extraHosts), ca, caCertificate),
					keys.getPrivate());
		}
		return true;
	}

	private boolean allValid(List<String> names) {
		Instant renewBy = Instant.now().plus(Duration.ofDays(RENEW_BEFORE_DAYS));
		try {
			X509Certificate ca = readCertificate(this.directory.resolve(CA + ".crt"));
			if (ca.getNotAfter().toInstant().isBefore(renewBy)) {
				return false;
			}
			for (String name : names) {
				X509Certificate certificate = readCertificate(this.directory.resolve(fileNameOf(name) + ".crt"));
				readPrivateKey(this.directory.resolve(fileNameOf(name) + ".key"));
				certificate.verify(ca.getPublicKey());
				if (certificate.getNotAfter().toInstant().isBefore(renewBy)) {
					return false;
				}
			}
			return true;
		}
		catch (IOException | GeneralSecurityException | RuntimeException missingOrUnreadable) {
			return false;
		}
	}

	/** The service a name is for: {@code customer-db-service} for {@code customer-db-service/2} too. */
	static String serviceOf(String name) {
		int slash = name.indexOf('/');
		return (slash < 0) ? name : name.substring(0, slash);
	}

	/** The files' name without its ending: {@code customer-db-service-2} for {@code customer-db-service/2}. */
	static String fileNameOf(String name) {
		return name.replace('/', '-');
	}

	private static Set<String> hosts(String name, List<String> extraHosts) {
		Set<String> hosts = new LinkedHashSet<>(List.of("localhost", "127.0.0.1", "::1", name));
		hosts.addAll(extraHosts);
		return hosts;
	}

	private X509Certificate selfSignedCa(KeyPair ca) throws GeneralSecurityException, IOException {
		X500Name subject = new X500Name("CN=Marketplace development CA");
		Instant now = Instant.now();
		X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(),
				Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(CA_VALIDITY)), subject, ca.getPublic());
		JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
		builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
		builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
		builder.addExtension(Extension.subjectKeyIdentifier, false,
				extensions.createSubjectKeyIdentifier(ca.getPublic()));
		return sign(builder, ca.getPrivate());
	}

	/** A certificate good for both ends of a connection: every service is a client of another, or a server, or both. */
	private X509Certificate signed(String name, PublicKey key, Set<String> hosts, KeyPair ca,
			X509Certificate caCertificate) throws GeneralSecurityException, IOException {
		Instant now = Instant.now();
		X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(caCertificate, serial(),
				Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(LEAF_VALIDITY)),
				new X500Name("CN=" + name + ", O=Marketplace"), key);
		JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
		builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
		builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
		builder.addExtension(Extension.extendedKeyUsage, false,
				new ExtendedKeyUsage(new KeyPurposeId[] { KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth }));
		builder.addExtension(Extension.subjectAlternativeName, false,
				new GeneralNames(hosts.stream().map(DevelopmentCertificates::generalName).toArray(GeneralName[]::new)));
		builder.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(key));
		builder.addExtension(Extension.authorityKeyIdentifier, false,
				extensions.createAuthorityKeyIdentifier(caCertificate));
		return sign(builder, ca.getPrivate());
	}

	/** An IPv4 or IPv6 address literal names an address; anything else (cafe.example too) a host. */
	private static GeneralName generalName(String host) {
		boolean address = IPV4.matcher(host).matches() || host.contains(":");
		return new GeneralName(address ? GeneralName.iPAddress : GeneralName.dNSName, host);
	}

	private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
			throws GeneralSecurityException {
		try {
			return new JcaX509CertificateConverter()
				.getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key)));
		}
		catch (OperatorCreationException ex) {
			throw new GeneralSecurityException(ex);
		}
	}

	private static KeyPair newKeyPair() throws GeneralSecurityException {
		KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
		generator.initialize(new ECGenParameterSpec("secp256r1"), random);
		return generator.generateKeyPair();
	}

	private static BigInteger serial() {
		return new BigInteger(127, random);
	}

	/** The key first, readable by its owner alone; each file replaced whole, never seen half-written. */
	private void write(String name, X509Certificate certificate, PrivateKey key)
			throws IOException, GeneralSecurityException {
		writeAtomically(name + ".key", pem("PRIVATE KEY", key.getEncoded()), "rw-------");
		writeAtomically(name + ".crt", pem("CERTIFICATE", certificate.getEncoded()), "rw-r--r--");
	}

	private void writeAtomically(String fileName, String content, String permissions) throws IOException {
		Path temporary = Files.createTempFile(this.directory, fileName, ".tmp");
		restrictToOwner(temporary, "rw-------");
		Files.writeString(temporary, content, StandardCharsets.US_ASCII);
		restrictToOwner(temporary, permissions);
		Files.move(temporary, this.directory.resolve(fileName), StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

	private static void restrictToOwner(Path path, String permissions) throws IOException {
		try {
			Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
		}
		catch (UnsupportedOperationException notPosix) {
			// Windows: the user's profile folder is private already.
		}
	}

	static String pem(String type, byte[] der) {
		return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der)
				+ "\n-----END " + type + "-----\n";
	}

	public static X509Certificate readCertificate(Path file) throws IOException, GeneralSecurityException {
		try (InputStream in = Files.newInputStream(file)) {
			return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
		}
	}

	public static PrivateKey readPrivateKey(Path file) throws IOException, GeneralSecurityException {
		String pem = Files.readString(file, StandardCharsets.US_ASCII);
		String body = pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
		return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)));
	}

}
