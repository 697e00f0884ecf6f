package dev.marketplace.perf;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProcessCpuTests {

	@Test
	void cpuTimeIsUserPlusSystemTicksInTenMillisecondUnits() {
		String stat = "4242 (java) S 1 4242 4242 0 -1 4194560 51211 0 3 0 1234 56 0 0 20 0 45 0 2735 5000000 30000";

		assertThat(ProcessCpu.cpuMillis(stat)).isEqualTo((1234 + 56) * 10);
	}

	@Test
	void fieldsAreCountedFromTheLastParenthesisOfTheCommandName() {
		String stat = "77 (a) b (c)) R 1 77 77 0 -1 4194560 10 0 0 0 300 200 0 0 20 0 1 0 99 1000 10";

		assertThat(ProcessCpu.cpuMillis(stat)).isEqualTo(5000);
	}

	@Test
	void processesAreNamedWithTheirPidsInTheGivenOrder() {
		assertThat(ProcessCpu.parse("seller-service=12, buyer-service=7,MariaDB=99"))
			.containsExactly(Map.entry("seller-service", 12L), Map.entry("buyer-service", 7L), Map.entry("MariaDB", 99L));
		assertThat(ProcessCpu.parse("")).isEmpty();
	}

	@Test
	void aProcessWithoutANumericPidIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessCpu.parse("seller-service=abc"))
			.withMessageContaining("seller-service=abc");
	}

	@Test
	void readsTheCpuTimeOfARunningProcessAndSkipsOneThatIsGone() {
		long self = ProcessHandle.current().pid();
		Map<String, Long> millis = new ProcessCpu(Map.of("this test", self, "gone", Long.MAX_VALUE)).millisSoFar();

		assertThat(millis).containsOnlyKeys("this test");
		assertThat(millis.get("this test")).isPositive();
	}

}
