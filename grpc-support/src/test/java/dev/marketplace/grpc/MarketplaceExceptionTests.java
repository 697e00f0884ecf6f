package dev.marketplace.grpc;

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
	void plainStatusHasNoErrorCode() {
		assertThat(MarketplaceException.errorCodeOf(Status.UNAVAILABLE.asRuntimeException())).isEmpty();
	}

}
