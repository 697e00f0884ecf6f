package dev.marketplace.customer.session;

import java.util.List;

import org.springframework.jdbc.core.RowMapper;

/**
 * A row of another table read in the session check's own statement, for a call that reads one
 * row and nothing else: {@code LEFT JOIN table ON condition}, with {@code columns} selected beside
 * the session's. The condition may name the session's columns ({@code s.user_id}). Table,
 * condition and columns are SQL written in code, never input: values go in {@code params}.
 * @param table the table and its alias, as the join names it
 * @param condition the join condition, with {@code ?} for each of {@code params}
 * @param params the condition's parameters, in order
 * @param columns the columns read; the first is never null in a row that exists (its key)
 * @param mapper reads the row where there is one
 */
public record JoinedRow<T>(String table, String condition, List<Object> params, String columns, RowMapper<T> mapper) {

	public JoinedRow {
		params = List.copyOf(params);
	}

}
