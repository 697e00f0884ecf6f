package dev.marketplace.financial;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FinancialApplicationIntegrationTests {

	@LocalServerPort
	int port;

	@Autowired
	ApplicationContext context;

	@Test
	void servesSpringWebServicesAndReportsHealthy() throws Exception {
		assertThat(this.context.getBeansOfType(ServletRegistrationBean.class).values())
			.anySatisfy((registration) -> assertThat(registration.getServlet())
				.isInstanceOf(MessageDispatcherServlet.class));

		HttpResponse<String> health = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/health")).build(),
					HttpResponse.BodyHandlers.ofString());

		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(health.body()).contains("\"UP\"");
	}

}
