package dev.marketplace.product.item;

import java.util.List;

/** The ranked keyword search, a native query built for the number of keywords searched. */
interface ItemSearch {

	/**
	 * A category's items in stock with at least one of the keywords, most matching keywords
	 * first, then lowest price, then item ID.
	 * @param keywordKeys distinct lower-case keywords, 1 to {@link NewItem#MAX_KEYWORDS}
	 */
	List<Item> findMatching(int category, List<String> keywordKeys, Page page);

}
