package dev.marketplace.frontend;

import dev.marketplace.frontend.session.SessionWebConfiguration;
import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.frontend.web.CommaSeparatedListParameters;
import dev.marketplace.frontend.web.ContentCodingFilter;
import dev.marketplace.frontend.web.DecimalDigitParameters;
import dev.marketplace.frontend.web.JsonOnlyMessageConverters;
import dev.marketplace.frontend.web.RequestSizeLimitFilter;
import dev.marketplace.frontend.web.StrictJsonReading;
import dev.marketplace.frontend.web.SuccessLabelledJson;
import dev.marketplace.frontend.web.UnparseableAcceptFilter;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What a frontend's controllers get from frontend-support, for a {@code @WebMvcTest}: the error
 * answers, the JSON rules, the size limit and bearer sessions, without the database services
 * ({@link FrontendWebMvcTest}).
 */
@TestConfiguration(proxyBeanMethods = false)
@EnableConfigurationProperties(FrontendProperties.class)
@Import({ SessionWebConfiguration.class, ApiExceptionHandler.class, RequestSizeLimitFilter.class,
		JsonOnlyMessageConverters.class, StrictJsonReading.class, DecimalDigitParameters.class,
		CommaSeparatedListParameters.class, UnparseableAcceptFilter.class, ContentCodingFilter.class,
		SuccessLabelledJson.class })
public class FrontendWebSlice {

}
