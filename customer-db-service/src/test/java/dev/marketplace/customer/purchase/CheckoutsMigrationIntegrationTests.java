package dev.marketplace.customer.purchase;

import java.util.UUID;

import dev.marketplace.testsupport.TestDatabaseServer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The migration to checkouts (V8) on a database with keyed purchases and paid purchases awaiting
 * stock confirmation kept under V7: every one becomes a checkout that answers as before.
 */
class CheckoutsMigrationIntegrationTests {

	DriverManagerDataSource dataSource;

	JdbcClient jdbc;

	@BeforeEach
	void databaseAtV7() {
		TestDatabaseServer server = TestDatabaseServer.shared();
		this.dataSource = new DriverManagerDataSource(server.createDatabase("customer_v8"), server.username(),
				server.password());
		Flyway.configure().dataSource(this.dataSource).target("7").load().migrate();
		this.jdbc = JdbcClient.create(this.dataSource);
	}

	@Test
	void aStoredCreatedAnswerBecomesACompletedCheckout() {
		String purchaseId = attemptUnderV7("COMPLETED", 201, "{\"purchaseId\":\"x\"}");

		migrate();

		assertThat(checkout(purchaseId)).isEqualTo("COMPLETED||");
	}

	@Test
	void aStoredProblemBecomesARefusalWithItsCodeAndDetail() {
		String purchaseId = attemptUnderV7("COMPLETED", 402,
				"{\"type\":\"urn:marketplace:problem:payment-declined\",\"status\":402,"
						+ "\"detail\":\"The payment was declined: no\",\"code\":\"PAYMENT_DECLINED\"}");

		migrate();

		assertThat(checkout(purchaseId)).isEqualTo("REFUSED|PAYMENT_DECLINED|The payment was declined: no");
	}

	@Test
	void anUnfinishedAttemptAndAnUnconfirmedPaymentBecomeRunningCheckoutsToRecover() {
		String attempt = attemptUnderV7("IN_PROGRESS", null, null);
		String unconfirmed = UUID.randomUUID().toString();
		this.jdbc.sql("INSERT INTO unconfirmed_payments (purchase_id, buyer_id, kept_at) VALUES (?, 9, NOW(6))")
			.param(unconfirmed)
			.update();

		migrate();

		assertThat(checkout(attempt)).isEqualTo("RUNNING||");
		assertThat(checkout(unconfirmed)).isEqualTo("RUNNING||");
		assertThat(this.jdbc.sql("SELECT COUNT(*) FROM checkouts WHERE state = 'RUNNING' AND leased_until < NOW(6)")
			.query(Long.class)
			.single()).as("their leases have run out").isEqualTo(2);
	}

	private String attemptUnderV7(String state, Integer status, String body) {
		String purchaseId = UUID.randomUUID().toString();
		this.jdbc.sql("""
				INSERT INTO purchase_attempts
				  (buyer_id, idempotency_key, fingerprint, purchase_id, state, claimed_at, status_code, response_body,
				   created_at)
				VALUES (9, ?, ?, ?, ?, NOW(6) - INTERVAL 1 MINUTE, ?, ?, NOW(6))""")
			.params("key-" + purchaseId, "f".repeat(64), purchaseId, state, status, body)
			.update();
		return purchaseId;
	}

	private void migrate() {
		Flyway.configure().dataSource(this.dataSource).load().migrate();
	}

	private String checkout(String purchaseId) {
		return this.jdbc
			.sql("SELECT CONCAT_WS('|', state, COALESCE(refusal_code, ''), COALESCE(refusal_detail, '')) "
					+ "FROM checkouts WHERE purchase_id = ?")
			.param(purchaseId)
			.query(String.class)
			.single();
	}

}
