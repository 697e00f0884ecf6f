package dev.marketplace.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LogTextTests {

	@Test
	void lineBreaksCannotStartALineOfTheirOwn() {
		assertThat(LogText.escape("txn-1\n2026-11-27 INFO Transaction forged: approved\r"))
			.isEqualTo("txn-1\\n2026-11-27 INFO Transaction forged: approved\\r")
			.doesNotContain("\n", "\r");
	}

	@Test
	void otherControlCharactersAndUnicodeLineSeparatorsAreEscaped() {
		assertThat(LogText.escape("a\u0000b\u001bc\u2028d\te")).isEqualTo("a\\u0000b\\u001bc\\u2028d\\te");
	}

	@Test
	void aBackslashIsDoubledSoAnEscapeCannotBeForged() {
		assertThat(LogText.escape("a\\nb")).isEqualTo("a\\\\nb");
	}

	@Test
	void longTextIsCutWithTheCountLeftOut() {
		assertThat(LogText.escape("x".repeat(15_000))).hasSize(LogText.MAX_CHARACTERS + "...(14800 more)".length())
			.endsWith("...(14800 more)");
	}

	@Test
	void ordinaryTextIsUnchanged() {
		assertThat(LogText.escape("Ada Lovelace, Zoë")).isEqualTo("Ada Lovelace, Zoë");
	}

}
