package dev.marketplace.financial.payment;

import java.security.cert.X509Certificate;
import java.util.Set;

import dev.marketplace.devcerts.DevelopmentCertificates;
import dev.marketplace.testsupport.TestCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** With the certificates of a private CA, as Tomcat hands a client's chain to the filter. */
@ExtendWith(OutputCaptureExtension.class)
class PaymentCallersFilterTests {

	private final PaymentCallersFilter filter = new PaymentCallersFilter(
			new PaymentCallersFilter.Settings(Set.of("buyer-service", "operator")));

	private final MockFilterChain chain = new MockFilterChain();

	private final MockHttpServletResponse response = new MockHttpServletResponse();

	@Test
	void aCallerTheServiceListsIsServed() throws Exception {
		this.filter.doFilter(requestFrom("buyer-service"), this.response, this.chain);

		assertThat(this.chain.getRequest()).isNotNull();
		assertThat(this.response.getStatus()).isEqualTo(200);
	}

	@Test
	void aCallerTheServiceDoesNotListGets403AndIsNotServed() throws Exception {
		this.filter.doFilter(requestFrom("seller-service"), this.response, this.chain);

		assertThat(this.chain.getRequest()).isNull();
		assertThat(this.response.getStatus()).isEqualTo(403);
		assertThat(this.response.getContentAsString()).contains("may not call the payment service");
	}

	@Test
	void onlyACallersFirstRefusalIsLoggedAtWarn(CapturedOutput output) throws Exception {
		for (int i = 0; i < 3; i++) {
			this.filter.doFilter(requestFrom("seller-service"), new MockHttpServletResponse(), new MockFilterChain());
		}

		assertThat(output.getOut().lines().filter((line) -> line.contains("WARN") && line.contains("seller-service")))
			.hasSize(1);
	}

	@Test
	void aRequestWithoutACertificateGets403() throws Exception {
		this.filter.doFilter(new MockHttpServletRequest("POST", "/ws"), this.response, this.chain);

		assertThat(this.chain.getRequest()).isNull();
		assertThat(this.response.getStatus()).isEqualTo(403);
	}

	private static MockHttpServletRequest requestFrom(String caller) throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/ws");
		request.setAttribute("jakarta.servlet.request.X509Certificate", new X509Certificate[] {
				DevelopmentCertificates.readCertificate(TestCertificates.shared().certificate(caller)) });
		return request;
	}

}
