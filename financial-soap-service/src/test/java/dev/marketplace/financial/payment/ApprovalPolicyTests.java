package dev.marketplace.financial.payment;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ApprovalPolicyTests {

	@Test
	void probabilityOneApprovesEverything() {
		ApprovalPolicy policy = new ApprovalPolicy(new ApprovalPolicy.Settings(1.0));

		assertThat(IntStream.range(0, 1_000).allMatch((i) -> policy.approves("txn-" + i))).isTrue();
	}

	@Test
	void probabilityZeroDeclinesEverything() {
		ApprovalPolicy policy = new ApprovalPolicy(new ApprovalPolicy.Settings(0.0));

		assertThat(IntStream.range(0, 1_000).noneMatch((i) -> policy.approves("txn-" + i))).isTrue();
	}

	@Test
	void defaultApprovesNineInTenTransactions() {
		ApprovalPolicy policy = new ApprovalPolicy(new ApprovalPolicy.Settings(null));

		long approved = IntStream.range(0, 20_000).filter((i) -> policy.approves("txn-" + i)).count();

		assertThat(approved / 20_000.0).isBetween(0.88, 0.92);
	}

	@Test
	void theSameTransactionAlwaysGetsTheSameAnswer() {
		ApprovalPolicy policy = new ApprovalPolicy(new ApprovalPolicy.Settings(0.5));
		ApprovalPolicy afterRestart = new ApprovalPolicy(new ApprovalPolicy.Settings(0.5));

		IntStream.range(0, 1_000)
			.forEach((i) -> assertThat(afterRestart.approves("txn-" + i)).isEqualTo(policy.approves("txn-" + i)));
	}

}
