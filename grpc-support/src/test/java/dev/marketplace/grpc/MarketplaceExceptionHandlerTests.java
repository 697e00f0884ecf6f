package dev.marketplace.grpc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;

import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

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

	@Test
	void aStatusThrownOnPurposeIsAnsweredAsItIsAndNotLoggedAsUnexpected(CapturedOutput output) {
		Status status = this.handler
			.handleException(Status.RESOURCE_EXHAUSTED.withDescription("Too many logins at once").asRuntimeException())
			.getStatus();

		assertThat(status.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(status.getDescription()).isEqualTo("Too many logins at once");
		assertThat(output).doesNotContain("Unexpected failure");
	}

	/** What a pooled connection the database dropped (a restart, a failover) fails with. */
	@Test
	void aLostDatabaseConnectionIsUnavailable() {
		Status status = this.handler
			.handleException(new DataAccessResourceFailureException("PreparedStatementCallback; (conn=55) Socket error"))
			.getStatus();

		assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
	}

	/**
	 * How JPA reports a lost connection at the start of a transaction, and at a commit that failed
	 * and could not be rolled back on the connection the pool had closed.
	 */
	@Test
	void aTransactionThatALostConnectionBrokeIsUnavailable() {
		SQLNonTransientConnectionException lost = new SQLNonTransientConnectionException("(conn=55) Socket error");

		assertThat(this.handler
			.handleException(new CannotCreateTransactionException("Could not open JPA EntityManager", lost))
			.getStatus()
			.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(this.handler
			.handleException(new TransactionSystemException("Could not commit",
					new TransactionException("Unable to rollback against JDBC Connection",
							new SQLException("Connection is closed"))))
			.getStatus()
			.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
	}

	@Test
	void anUnexpectedFailureIsLoggedWithItsCauseAndLeftToTheDefaultAnswer(CapturedOutput output) {
		IllegalStateException failure = new IllegalStateException("Out of range value for column 'total'");

		assertThat(this.handler.handleException(failure)).isNull();
		assertThat(output).contains("Unexpected failure of a gRPC call", "Out of range value for column 'total'",
				"MarketplaceExceptionHandlerTests");
	}

}
