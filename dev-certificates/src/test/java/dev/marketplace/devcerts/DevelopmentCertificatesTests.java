package dev.marketplace.devcerts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

class DevelopmentCertificatesTests {

	@TempDir
	Path directory;

	@Test
	void eachCertificateIsSignedByTheCaAndNamesLoopbackItsNameAndTheExtraHosts() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("customer-db-service"),
				List.of("db.internal", "cafe.be", "10.0.0.5"));

		X509Certificate ca = DevelopmentCertificates.readCertificate(this.directory.resolve("ca.crt"));
		X509Certificate certificate = DevelopmentCertificates
			.readCertificate(this.directory.resolve("customer-db-service.crt"));
		assertThatCode(() -> certificate.verify(ca.getPublicKey())).doesNotThrowAnyException();
		assertThat(certificate.getSubjectAlternativeNames())
			.extracting((name) -> name.get(0) + "=" + name.get(1))
			.containsExactlyInAnyOrder("2=localhost", "7=127.0.0.1", "7=0:0:0:0:0:0:0:1", "2=customer-db-service",
					"2=db.internal", "2=cafe.be", "7=10.0.0.5");
		assertThat(certificate.getExtendedKeyUsage()).containsExactlyInAnyOrder("1.3.6.1.5.5.7.3.1",
				"1.3.6.1.5.5.7.3.2");
		assertThat(ca.getBasicConstraints()).isZero();
	}

	@Test
	void eachInstanceOfAServiceHasAKeyOfItsOwnAndTheServicesName() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("customer-db-service/1", "customer-db-service/2"), List.of());

		X509Certificate first = DevelopmentCertificates.readCertificate(this.directory.resolve("customer-db-service-1.crt"));
		X509Certificate second = DevelopmentCertificates.readCertificate(this.directory.resolve("customer-db-service-2.crt"));
		assertThat(first.getSubjectX500Principal().getName()).isEqualTo("O=Marketplace,CN=customer-db-service");
		assertThat(second.getSubjectX500Principal().getName()).isEqualTo("O=Marketplace,CN=customer-db-service");
		assertThat(first.getPublicKey()).isNotEqualTo(second.getPublicKey());
		assertThat(DevelopmentCertificates.readPrivateKey(this.directory.resolve("customer-db-service-2.key"))).isNotNull();
	}

	@Test
	void privateKeysAreReadableByTheirOwnerAlone() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("buyer-service"), List.of());

		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(this.directory.resolve("buyer-service.key"))))
			.isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(this.directory.resolve("ca.key"))))
			.isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(this.directory)))
			.isEqualTo("rwx------");
	}

	@Test
	void validCertificatesAreKeptOnTheNextRun() throws Exception {
		assertThat(DevelopmentCertificates.issue(this.directory, List.of("seller-service"), List.of())).isTrue();
		String before = Files.readString(this.directory.resolve("seller-service.crt"));

		assertThat(DevelopmentCertificates.issue(this.directory, List.of("seller-service"), List.of())).isFalse();
		assertThat(Files.readString(this.directory.resolve("seller-service.crt"))).isEqualTo(before);
	}

	@Test
	void aMissingCertificateHasEverythingIssuedAnew() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("seller-service"), List.of());
		String caBefore = Files.readString(this.directory.resolve("ca.crt"));

		assertThat(DevelopmentCertificates.issue(this.directory, List.of("seller-service", "buyer-service"), List.of()))
			.isTrue();
		assertThat(Files.readString(this.directory.resolve("ca.crt"))).isNotEqualTo(caBefore);
		assertThat(this.directory.resolve("buyer-service.key")).exists();
	}

	@Test
	void aPrivateKeyReadsBackAsWritten() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("operator"), List.of());

		assertThat(DevelopmentCertificates.readPrivateKey(this.directory.resolve("operator.key")).getAlgorithm())
			.isEqualTo("EC");
	}

}
