package dev.marketplace.financial.payment;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Approves a well-formed payment with the configured probability (MARKETPLACE.md: 0.9). The draw
 * is a hash of the transaction ID rather than a random number, so the same transaction ID always
 * gets the same answer, across retries and restarts, with nothing stored.
 */
@Component
public class ApprovalPolicy {

	private static final long SCALE = 1_000_000;

	private final long threshold;

	ApprovalPolicy(Settings settings) {
		this.threshold = Math.round(settings.approvalProbability() * SCALE);
	}

	public boolean approves(String transactionId) {
		return draw(transactionId) < this.threshold;
	}

	/** A number in [0, 1,000,000) spread evenly over transaction IDs. */
	private static long draw(String transactionId) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(transactionId.getBytes(StandardCharsets.UTF_8));
			return Math.floorMod(ByteBuffer.wrap(hash).getLong(), SCALE);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

	/** @param approvalProbability from 0.0 (decline all) to 1.0 (approve all) */
	@ConfigurationProperties("marketplace.payments")
	record Settings(Double approvalProbability) {

		Settings {
			approvalProbability = (approvalProbability == null) ? 0.9 : approvalProbability;
			if (approvalProbability < 0 || approvalProbability > 1) {
				throw new IllegalArgumentException("marketplace.payments.approval-probability must be 0 to 1");
			}
		}

	}

}
