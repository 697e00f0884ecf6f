package dev.marketplace.e2e;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Plain HTTP calls with JSON bodies, as any client of the REST contract makes them. */
final class RestClient {

	private static final JsonMapper json = JsonMapper.builder().build();

	/** Longer than any deadline a test gives the services, so that a late answer is seen as it is. */
	private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(3);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final Duration requestTimeout;

	RestClient() {
		this(REQUEST_TIMEOUT);
	}

	/** A client that gives up on an answer after {@code requestTimeout}, as a user's would. */
	RestClient(Duration requestTimeout) {
		this.requestTimeout = requestTimeout;
	}

	Response get(String url, String token) {
		return get(url, token, Map.of());
	}

	Response get(String url, String token, Map<String, String> headers) {
		HttpRequest.Builder request = request(url, token).GET();
		headers.forEach(request::header);
		return send(request);
	}

	Response post(String url, String token, Object body) {
		return post(url, token, body, Map.of());
	}

	Response post(String url, String token, Object body, Map<String, String> headers) {
		HttpRequest.Builder request = request(url, token).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
		headers.forEach(request::header);
		return send(request);
	}

	Response put(String url, String token, Object body) {
		return send(request(url, token).header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body))));
	}

	Response delete(String url, String token) {
		return send(request(url, token).DELETE());
	}

	/** Any method without a body, for requests no well-behaved client sends. */
	Response withoutBody(String method, String url, String token) {
		return send(request(url, token).method(method, HttpRequest.BodyPublishers.noBody()));
	}

	/** A raw body and content type, for requests no well-behaved client sends. */
	Response postRaw(String url, String token, String contentType, String body) {
		HttpRequest.Builder request = request(url, token).POST(HttpRequest.BodyPublishers.ofString(body));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		return send(request);
	}

	/** A body sent chunked, without a Content-Length, as streaming clients send it. */
	Response postChunked(String url, String token, String body) {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		return send(request(url, token).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes))));
	}

	private HttpRequest.Builder request(String url, String token) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(this.requestTimeout);
		if (token != null) {
			builder.header("Authorization", "Bearer " + token);
		}
		return builder;
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			String contentType = response.headers().firstValue("Content-Type").orElse("");
			JsonNode body = (response.body().isEmpty() || !contentType.contains("json")) ? json.missingNode()
					: json.readTree(response.body());
			return new Response(response.statusCode(), response.headers(), body, response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException("HTTP call failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** {@code body} parsed when it is JSON, {@code bodyText} as sent (Prometheus' text format, say). */
	record Response(int status, HttpHeaders headers, JsonNode body, String bodyText) {

		String contentType() {
			return header("Content-Type");
		}

		String location() {
			return this.headers.firstValue("Location").orElse(null);
		}

		String header(String name) {
			return this.headers.firstValue(name).orElse("");
		}

		String text(String field) {
			return this.body.path(field).asString();
		}

	}

}
