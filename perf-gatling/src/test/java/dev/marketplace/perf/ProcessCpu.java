package dev.marketplace.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.marketplace.perf.report.BenchmarkReport;

/**
 * The CPU time the marketplace's processes and this load generator have used, read from
 * {@code /proc/<pid>/stat}, so a run can say how much CPU its calls cost in each process.
 * {@code -DcpuProcesses=name=pid,...} names the processes ({@code ./marketplace bench} passes
 * the services and the embedded database); the load generator itself is always added. Where
 * there is no {@code /proc}, nothing is measured.
 */
final class ProcessCpu {

	/** Linux reports utime and stime in clock ticks of 1/100 s (USER_HZ) on every architecture. */
	private static final long MILLIS_PER_TICK = 10;

	private final Map<String, Long> pids;

	ProcessCpu(Map<String, Long> pids) {
		this.pids = pids;
	}

	/** The processes named by {@code -DcpuProcesses}, and this one. */
	static ProcessCpu fromSystemProperties() {
		Map<String, Long> pids = parse(System.getProperty("cpuProcesses", ""));
		pids.put(BenchmarkReport.LOAD_GENERATOR, ProcessHandle.current().pid());
		return new ProcessCpu(pids);
	}

	static Map<String, Long> parse(String processes) {
		Map<String, Long> pids = new LinkedHashMap<>();
		for (String entry : processes.split(",")) {
			if (entry.isBlank()) {
				continue;
			}
			String[] pair = entry.split("=", 2);
			if (pair.length != 2 || !pair[1].strip().matches("[0-9]+")) {
				throw new IllegalArgumentException("-DcpuProcesses takes name=pid pairs, not '" + entry + "'");
			}
			pids.put(pair[0].strip(), Long.parseLong(pair[1].strip()));
		}
		return pids;
	}

	/** CPU milliseconds used so far by each process that can be read, in the order named. */
	Map<String, Long> millisSoFar() {
		Map<String, Long> millis = new LinkedHashMap<>();
		this.pids.forEach((name, pid) -> {
			try {
				millis.put(name, cpuMillis(Files.readString(Path.of("/proc", String.valueOf(pid), "stat"))));
			}
			catch (IOException ex) {
				// Not Linux, or the process is gone: the run reports what it could read.
			}
		});
		return millis;
	}

	/**
	 * User plus system time from one {@code /proc/<pid>/stat} line. The command name (field 2)
	 * is in parentheses and may hold spaces and parentheses itself, so fields are counted from
	 * the last ')': utime and stime are fields 14 and 15.
	 */
	static long cpuMillis(String stat) {
		String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MILLIS_PER_TICK;
	}

}
