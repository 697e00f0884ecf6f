package dev.marketplace.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceFutureStub;

import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * A {@code @WebMvcTest} of a frontend's controller with what frontend-support gives every
 * frontend ({@link FrontendWebSlice}). The session stubs are mocks ({@link GrpcAnswers#liveSession});
 * each test mocks the stubs its controller calls.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WebMvcTest
@Import(FrontendWebSlice.class)
@MockitoBean(types = { SessionServiceBlockingStub.class, SessionServiceFutureStub.class })
public @interface FrontendWebMvcTest {

	/** The controllers under test. */
	@AliasFor(annotation = WebMvcTest.class, attribute = "controllers")
	Class<?>[] value() default {};

}
