package dev.marketplace.frontend;

import dev.marketplace.frontend.account.AccountOperations;
import dev.marketplace.frontend.docs.OpenApiConfiguration;
import dev.marketplace.frontend.grpc.DatabaseClients;
import dev.marketplace.frontend.grpc.DatabaseStubs;
import dev.marketplace.frontend.session.SessionWebConfiguration;
import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.frontend.web.CommaSeparatedListParameters;
import dev.marketplace.frontend.web.ContentCodingFilter;
import dev.marketplace.frontend.web.DecimalDigitParameters;
import dev.marketplace.frontend.web.JsonOnlyMessageConverters;
import dev.marketplace.frontend.web.ProblemJsonErrorReports;
import dev.marketplace.frontend.web.RequestSizeLimitFilter;
import dev.marketplace.frontend.web.StrictJsonReading;
import dev.marketplace.frontend.web.SuccessLabelledJson;
import dev.marketplace.frontend.web.UnparseableAcceptFilter;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/** What every REST frontend gets by depending on this module. */
@AutoConfiguration
@EnableConfigurationProperties(FrontendProperties.class)
@Import({ DatabaseClients.class, DatabaseStubs.class, SessionWebConfiguration.class, ApiExceptionHandler.class,
		RequestSizeLimitFilter.class, ProblemJsonErrorReports.class, JsonOnlyMessageConverters.class,
		StrictJsonReading.class, DecimalDigitParameters.class, CommaSeparatedListParameters.class,
		UnparseableAcceptFilter.class, ContentCodingFilter.class, SuccessLabelledJson.class,
		AccountOperations.class, OpenApiConfiguration.class })
public class FrontendAutoConfiguration {

}
