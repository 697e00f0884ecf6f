package dev.marketplace.grpc;

import java.time.Duration;

import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import io.grpc.StatusException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarketplaceExceptionTests {

	@Test
	void statusCarriesCodeMessageAndErrorCode() {
		StatusException status = MarketplaceException.alreadyExists(ErrorCode.USERNAME_TAKEN, "taken")
			.toStatusException();

		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(status.getStatus().getDescription()).isEqualTo("taken");
		assertThat(MarketplaceException.errorCodeOf(status)).contains(ErrorCode.USERNAME_TAKEN);
	}

	@Test
	void plainStatusHasNoErrorCodeAndNoRetryDelay() {
		assertThat(MarketplaceException.errorCodeOf(Status.UNAVAILABLE.asRuntimeException())).isEmpty();
		assertThat(MarketplaceException.retryDelayOf(Status.UNAVAILABLE.asRuntimeException())).isEmpty();
	}

	@Test
	void tooManyRequestsCarriesItsRetryDelay() {
		StatusException status = MarketplaceException.tooManyRequests("slow down", Duration.ofMillis(2_500))
			.toStatusException();

		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(MarketplaceException.errorCodeOf(status)).contains(ErrorCode.TOO_MANY_REQUESTS);
		assertThat(MarketplaceException.retryDelayOf(status)).contains(Duration.ofMillis(2_500));
	}

}
