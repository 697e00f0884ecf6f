package dev.marketplace.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import org.mockito.Answers;

import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * A {@code @WebMvcTest} of a frontend's controller with what frontend-support gives every
 * frontend ({@link FrontendWebSlice}), calling the database services through its real stubs on
 * an in-process server ({@link InProcessDatabaseServices}). Each service is a mock that each test
 * tells how to answer ({@link GrpcAnswers}); a call no test expected fails UNIMPLEMENTED.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WebMvcTest
@Import({ FrontendWebSlice.class, InProcessDatabaseServices.class })
@MockitoBean(types = { AccountServiceGrpc.AsyncService.class, SessionServiceGrpc.AsyncService.class,
		SellerServiceGrpc.AsyncService.class, CartServiceGrpc.AsyncService.class, PurchaseServiceGrpc.AsyncService.class,
		ItemServiceGrpc.AsyncService.class, StockServiceGrpc.AsyncService.class }, answers = Answers.CALLS_REAL_METHODS)
public @interface FrontendWebMvcTest {

	/** The controllers under test. */
	@AliasFor(annotation = WebMvcTest.class, attribute = "controllers")
	Class<?>[] value() default {};

}
