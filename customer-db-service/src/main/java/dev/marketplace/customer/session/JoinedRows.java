package dev.marketplace.customer.session;

import java.util.List;

import org.springframework.jdbc.core.RowMapper;

/**
 * Rows of another table read in the session check's own statement, for a call that reads them
 * and nothing else: {@code LEFT JOIN table ON condition}, with {@code columns} selected beside the
 * session's. The condition may name the session's columns ({@code s.user_id}). Table, condition,
 * columns and order are SQL written in code, never input: values go in {@code params}.
 * @param table the table and its alias, as the join names it
 * @param condition the join condition, with {@code ?} for each of {@code params}
 * @param params the condition's parameters, in order
 * @param columns the columns read; the first is never null in a row that exists (its key)
 * @param orderBy the rows' order ({@code c.added_at, c.item_id}), empty for the database's own
 * @param mapper reads each row
 */
public record JoinedRows<T>(String table, String condition, List<Object> params, String columns, String orderBy,
		RowMapper<T> mapper) {

	public JoinedRows {
		params = List.copyOf(params);
	}

	/** At most one row, found by a key: no order to ask for. */
	public static <T> JoinedRows<T> byKey(String table, String condition, List<Object> params, String columns,
			RowMapper<T> mapper) {
		return new JoinedRows<>(table, condition, params, columns, "", mapper);
	}

}
