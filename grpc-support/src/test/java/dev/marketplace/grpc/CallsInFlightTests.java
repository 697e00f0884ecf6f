package dev.marketplace.grpc;

import io.grpc.Metadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CallsInFlightTests {

	@Test
	void readsTheCountTheClientSent() {
		assertThat(CallsInFlight.of(headers("7"))).isEqualTo(7);
	}

	@Test
	void countsACallWithoutTheHeaderAsAlone() {
		assertThat(CallsInFlight.of(new Metadata())).isEqualTo(1);
	}

	@Test
	void countsACallWithAHeaderThatIsNoCountAsAlone() {
		assertThat(CallsInFlight.of(headers("many"))).isEqualTo(1);
		assertThat(CallsInFlight.of(headers("-3"))).isEqualTo(1);
		assertThat(CallsInFlight.of(headers("99999999999"))).isEqualTo(1);
	}

	private static Metadata headers(String callsInFlight) {
		Metadata headers = new Metadata();
		headers.put(CallsInFlight.HEADER, callsInFlight);
		return headers;
	}

}
