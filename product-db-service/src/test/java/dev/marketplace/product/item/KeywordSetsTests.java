package dev.marketplace.product.item;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KeywordSetsTests {

	@Test
	void oneKeywordIsOneSet() {
		assertThat(KeywordSets.of(List.of("lamp"))).containsExactly("lamp");
	}

	@Test
	void everyNonEmptySetIsListedWithItsKeywordsSorted() {
		assertThat(KeywordSets.of(List.of("lamp", "desk"))).containsExactly("desk", "lamp", "desk\u001Flamp");
	}

	@Test
	void theSetOfPatternPIsAtIndexPMinusOne() {
		List<String> sets = KeywordSets.of(List.of("rug", "lamp", "desk"));

		assertThat(sets).hasSize(7);
		assertThat(sets.get(0b001 - 1)).isEqualTo("desk");
		assertThat(sets.get(0b110 - 1)).isEqualTo("lamp\u001Frug");
		assertThat(sets.get(0b111 - 1)).isEqualTo("desk\u001Flamp\u001Frug");
	}

	@Test
	void keywordsAreOrderedByCodePointAsTheDatabaseOrdersBinaryUtf8() {
		assertThat(KeywordSets.of(List.of("éclair", "zeta")).get(2)).isEqualTo("zeta\u001Féclair");
	}

	@Test
	void fiveKeywordsMakeThirtyOneSetsAndSixAreRefused() {
		assertThat(KeywordSets.of(List.of("a", "b", "c", "d", "e"))).hasSize(31).doesNotHaveDuplicates();
		assertThatIllegalArgumentException().isThrownBy(() -> KeywordSets.of(List.of("a", "b", "c", "d", "e", "f")));
	}

}
