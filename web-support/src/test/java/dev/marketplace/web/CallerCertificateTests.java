package dev.marketplace.web;

import java.nio.file.Path;
import java.security.cert.Certificate;
import java.util.List;

import dev.marketplace.devcerts.DevelopmentCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class CallerCertificateTests {

	@TempDir
	Path directory;

	@Test
	void aCallerIsNamedByTheCommonNameOfItsOwnCertificate() throws Exception {
		DevelopmentCertificates.issue(this.directory, List.of("buyer-service"), List.of());
		Certificate[] chain = { DevelopmentCertificates.readCertificate(this.directory.resolve("buyer-service.crt")),
				DevelopmentCertificates.readCertificate(this.directory.resolve("ca.crt")) };

		assertThat(CallerCertificate.name(chain)).hasValue("buyer-service");
	}

	@Test
	void aCallerWithoutACertificateHasNoName() {
		assertThat(CallerCertificate.name(null)).isEmpty();
		assertThat(CallerCertificate.name(new Certificate[0])).isEmpty();
	}

}
