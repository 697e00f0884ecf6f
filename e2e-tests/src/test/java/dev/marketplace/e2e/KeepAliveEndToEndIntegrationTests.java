package dev.marketplace.e2e;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client keeps one connection for a thousand calls before the frontend closes it, not Tomcat's
 * default of a hundred. Raw HTTP/1.1 on one socket: Java's HttpClient would quietly open another.
 */
class KeepAliveEndToEndIntegrationTests extends SharedMarketplaceTest {

	static final int REQUESTS_PER_CONNECTION = 1000;

	@Test
	void aConnectionServesAThousandRequestsAndIsClosedAfterTheLast() throws IOException {
		Map<String, String> unauthenticatedReads = Map.of(stack.sellerUrl, "/api/v1/sellers/me/rating", stack.buyerUrl,
				"/api/v1/buyers/me/cart");
		for (Map.Entry<String, String> read : unauthenticatedReads.entrySet()) {
			String url = read.getKey();
			URI uri = URI.create(url);
			try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
				OutputStream out = socket.getOutputStream();
				InputStream in = new BufferedInputStream(socket.getInputStream());
				for (int request = 1; request <= REQUESTS_PER_CONNECTION; request++) {
					out.write(("GET " + read.getValue() + " HTTP/1.1\r\nHost: " + uri.getAuthority() + "\r\n\r\n")
						.getBytes(StandardCharsets.US_ASCII));
					out.flush();
					Map<String, String> headers = readResponse(in);
					String connection = headers.getOrDefault("connection", "");
					assertThat(headers).as(url + ", request " + request).containsEntry(":status", "401");
					if (request < REQUESTS_PER_CONNECTION) {
						assertThat(connection).as(url + ", request " + request).doesNotContainIgnoringCase("close");
					}
					else {
						assertThat(connection).as(url + ", the last request").containsIgnoringCase("close");
					}
				}
			}
		}
	}

	/** The status (as ":status") and headers, names in lower case; the body is read and dropped. */
	static Map<String, String> readResponse(InputStream in) throws IOException {
		Map<String, String> headers = new HashMap<>();
		headers.put(":status", line(in).split(" ")[1]);
		for (String header = line(in); !header.isEmpty(); header = line(in)) {
			int colon = header.indexOf(':');
			headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
		}
		if (headers.containsKey("content-length")) {
			in.readNBytes(Integer.parseInt(headers.get("content-length")));
		}
		else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
				in.readNBytes(size + 2);
			}
			line(in);
		}
		return headers;
	}

	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b == -1) {
				throw new IOException("connection closed mid-response");
			}
			if (b != '\r') {
				line.write(b);
			}
		}
		return line.toString(StandardCharsets.US_ASCII);
	}

}
