package dev.marketplace.frontend.web;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;

/**
 * Tomcat's error report as {@code application/problem+json}, for the errors that never reach
 * Spring MVC: requests Tomcat refuses itself (an undecodable or suspicious URL, a malformed
 * header, TRACE), and anything sent with {@code sendError} outside a handler. Tomcat's own report
 * is an HTML page, which the REST contract does not allow.
 */
public class ProblemJsonErrorReportValve extends ErrorReportValve {

	private static final JsonMapper json = JsonMapper.builder().build();

	/** Makes this the host's only error report valve, in place of Tomcat's and Spring Boot's. */
	public static void install(StandardHost host) {
		for (Valve valve : host.getPipeline().getValves()) {
			if (valve instanceof ErrorReportValve) {
				host.getPipeline().removeValve(valve);
			}
		}
		// A host that finds no valve of this class when it starts adds one of its own (Tomcat's HTML).
		host.setErrorReportValveClass(ProblemJsonErrorReportValve.class.getName());
		host.getPipeline().addValve(new ProblemJsonErrorReportValve());
	}

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		HttpStatus status = HttpStatus.resolve(response.getStatus());
		// As Tomcat's report: only errors, only once, only while nothing is written and the
		// connection can still carry an answer.
		if (status == null || !status.isError() || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean();
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		try {
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(json.writeValueAsString(body(status, request.getMethod(), request.getRequestURI())));
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client is gone or the answer already started; there is nobody left to tell.
		}
	}

	/**
	 * The fields {@link ApiExceptionHandler} gives every problem. The detail is not Tomcat's
	 * message, which can quote the refused request back.
	 */
	static Map<String, Object> body(HttpStatus status, String method, String path) {
		ProblemDetail problem = ApiExceptionHandler
			.problem(status, ApiExceptionHandler.codeFor(status), detail(status, method))
			.getBody();
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", problem.getType().toString());
		body.put("title", problem.getTitle());
		body.put("status", problem.getStatus());
		body.put("detail", problem.getDetail());
		if (path != null) {
			body.put("instance", path);
		}
		body.putAll(problem.getProperties());
		return body;
	}

	private static String detail(HttpStatus status, String method) {
		return switch (status) {
			case BAD_REQUEST -> "The request's URL or headers are malformed";
			case METHOD_NOT_ALLOWED -> "Method '" + method + "' is not supported.";
			default -> status.is5xxServerError() ? "Something went wrong on our side" : status.getReasonPhrase();
		};
	}

}
