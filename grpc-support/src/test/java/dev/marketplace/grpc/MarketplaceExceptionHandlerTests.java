package dev.marketplace.grpc;

import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class MarketplaceExceptionHandlerTests {

	final GrpcExceptionHandler handler = new MarketplaceGrpcServerAutoConfiguration().marketplaceExceptionHandler();

	@Test
	void aMarketplaceExceptionIsAnsweredWithItsStatus() {
		Status status = this.handler
			.handleException(MarketplaceException.alreadyExists(ErrorCode.USERNAME_TAKEN, "taken"))
			.getStatus();

		assertThat(status.getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
	}

	@Test
	void aTransientDatabaseFailureIsUnavailable() {
		Status status = this.handler.handleException(new QueryTimeoutException("lock wait")).getStatus();

		assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
	}

	/** What a pooled connection the database dropped (a restart, a failover) fails with. */
	@Test
	void aLostDatabaseConnectionIsUnavailable() {
		Status status = this.handler
			.handleException(new DataAccessResourceFailureException("PreparedStatementCallback; (conn=55) Socket error"))
			.getStatus();

		assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
	}

	@Test
	void anUnexpectedFailureIsLoggedWithItsCauseAndLeftToTheDefaultAnswer(CapturedOutput output) {
		IllegalStateException failure = new IllegalStateException("Out of range value for column 'total'");

		assertThat(this.handler.handleException(failure)).isNull();
		assertThat(output).contains("Unexpected failure of a gRPC call", "Out of range value for column 'total'",
				"MarketplaceExceptionHandlerTests");
	}

}
