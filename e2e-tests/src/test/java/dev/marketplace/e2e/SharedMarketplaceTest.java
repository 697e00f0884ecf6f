package dev.marketplace.e2e;

import org.junit.jupiter.api.BeforeAll;

/** End-to-end tests on the stack with default settings that all such tests of this JVM share. */
abstract class SharedMarketplaceTest {

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void startSharedMarketplace() throws Exception {
		stack = MarketplaceStack.shared();
		marketplace = new Marketplace(stack);
	}

}
