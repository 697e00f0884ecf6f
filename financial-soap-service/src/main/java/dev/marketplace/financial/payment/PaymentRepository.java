package dev.marketplace.financial.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface PaymentRepository extends JpaRepository<Payment, String> {

	/** The transaction's payment: a declared query, which runs without a read-only transaction around it. */
	@Query("select p from Payment p where p.transactionId = :transactionId")
	Optional<Payment> findPayment(String transactionId);

	/**
	 * Records the transaction unless it exists: two requests for one transaction meet on its key,
	 * so the first decision is the only one.
	 * @return 1 if recorded now, 0 if it existed
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO payments
			  (transaction_id, state, amount, card_last_digits, authorization_code, created_at, updated_at)
			VALUES (:transactionId, :state, :amount, :cardLastDigits, :authorizationCode, :now, :now)""",
			nativeQuery = true)
	int insertIfAbsent(String transactionId, String state, BigDecimal amount, String cardLastDigits,
			String authorizationCode, Instant now);

	/** Moves an authorised transaction on; one in any other state is left as it is. */
	@Modifying
	@Query(value = """
			UPDATE payments SET state = :#{#to.name()}, updated_at = :now
			WHERE transaction_id = :transactionId AND state = 'AUTHORIZED'""", nativeQuery = true)
	int settleAuthorized(String transactionId, Payment.State to, Instant now);

}
