package dev.marketplace.frontend.docs;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An error answer an endpoint gives besides the ones every endpoint may give (400 for bad input,
 * 401 without a session, 503 when a dependency is down). Shown in the OpenAPI document.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(Problems.class)
public @interface Problem {

	/** The HTTP status. */
	int status();

	/** The problem's {@code code}. */
	String code();

	/** When it happens. */
	String when();

}
