package dev.marketplace.grpc;

import io.grpc.Metadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceHeadersTests {

	private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

	@Test
	void readsTheHeaderAnyGrpcClientSent() {
		Metadata headers = new Metadata();
		headers.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), TRACEPARENT);

		assertThat(TraceHeaders.GETTER.get(headers, "traceparent")).isEqualTo(TRACEPARENT);
	}

	@Test
	void writesTheHeaderUnderItsPlainName() {
		Metadata headers = new Metadata();
		TraceHeaders.SETTER.set(headers, "traceparent", TRACEPARENT);

		assertThat(headers.get(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER)))
			.isEqualTo(TRACEPARENT);
	}

	@Test
	void readsNothingForAHeaderNotSent() {
		assertThat(TraceHeaders.GETTER.get(new Metadata(), "tracestate")).isNull();
	}

}
