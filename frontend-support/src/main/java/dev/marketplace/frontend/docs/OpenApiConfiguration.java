package dev.marketplace.frontend.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.frontend.web.Paging;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.tags.Tag;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;

/**
 * The REST contract as an OpenAPI 3 document generated from the controllers ({@code /v3/api-docs},
 * Swagger UI at {@code /swagger-ui.html}): the bearer session scheme on every endpoint that
 * needs a session, and every error answer as problem+json.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

	static final String BEARER = "bearerSession";

	static final String PROBLEM = "Problem";

	/** An operation's tag is its controller's feature package; these say what each holds. */
	private static final Map<String, String> FEATURES = Map.of("account", "Sign-up, login and logout", "item",
			"Items for sale", "cart", "The session's cart and the buyer's saved cart", "purchase",
			"Purchases and the buyer's history", "feedback", "Votes on bought items", "rating", "Sellers' feedback");

	static {
		// Resolved from the Authorization header, not request parameters.
		SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class, BearerToken.class);
	}

	@Bean
	OpenAPI marketplaceOpenApi(@Value("${spring.application.name}") String application) {
		return new OpenAPI()
			.info(new Info().title("Marketplace " + application)
				.version("v1")
				.contact(new Contact().name("The marketplace's maintainers")
					.url("https://github.com/marketplace/marketplace/issues"))
				.description("REST contract of the marketplace's " + application
						+ ". Errors are application/problem+json (RFC 9457) with a machine-readable code."))
			.components(new Components()
				.addSecuritySchemes(BEARER,
						new SecurityScheme().type(SecurityScheme.Type.HTTP)
							.scheme("bearer")
							.description("The sessionToken from Login, as 'Authorization: Bearer <token>'"))
				.addSchemas(PROBLEM, problemSchema()));
	}

	@Bean
	OperationCustomizer problemResponses() {
		return (operation, handler) -> {
			boolean needsSession = Arrays.stream(handler.getMethodParameters())
				.anyMatch((parameter) -> parameter.getParameterType() == Caller.class
						|| parameter.getParameterType() == BearerToken.class);
			operation.setTags(List.of(feature(handler)));
			if (needsSession) {
				operation.addSecurityItem(new SecurityRequirement().addList(BEARER));
				add(operation, 401, "UNAUTHENTICATED",
						"No session token, or one that is unknown, ended, expired or of the other role");
			}
			else {
				// Said outright: a client generated from the document sends no token here.
				operation.setSecurity(new ArrayList<>());
			}
			if (handler.getMethodParameters().length > (needsSession ? 1 : 0)) {
				add(operation, 400, "VALIDATION_FAILED", "A field or parameter is missing, malformed or out of range");
			}
			if (Arrays.stream(handler.getMethodParameters())
				.anyMatch((parameter) -> parameter.hasParameterAnnotation(RequestBody.class))) {
				add(operation, 413, "PAYLOAD_TOO_LARGE", "The request body is larger than any valid one");
			}
			problemsOf(handler).forEach((problem) -> add(operation, problem.status(), problem.code(), problem.when()));
			add(operation, 503, "SERVICE_UNAVAILABLE",
					"A service this request needs is down, too slow or shedding a burst of logins");
			operation.getResponses()
				.get("503")
				.addHeaderObject(HttpHeaders.RETRY_AFTER, new Header().description("Seconds to wait before trying again")
					.schema(new IntegerSchema().example(ApiExceptionHandler.RETRY_AFTER.toSeconds())));
			return operation;
		};
	}

	/** The document's tags: the features its operations belong to, each described. */
	@Bean
	OpenApiCustomizer featureTags() {
		return (openApi) -> openApi.setTags(openApi.getPaths()
			.values()
			.stream()
			.flatMap((path) -> path.readOperations().stream())
			.flatMap((operation) -> operation.getTags().stream())
			.distinct()
			.sorted()
			.map((feature) -> new Tag().name(feature).description(FEATURES.getOrDefault(feature, feature)))
			.toList());
	}

	/**
	 * Query parameters as the code reads them: the list parameters' defaults, which the code
	 * applies ({@link Paging}); and a list published as one comma-separated string (its pattern
	 * counts the items) without the lengths the generator makes of the list's {@code @Size}.
	 */
	@Bean
	OperationCustomizer queryParameters() {
		return (operation, handler) -> {
			if (operation.getParameters() == null) {
				return operation;
			}
			for (Parameter parameter : operation.getParameters()) {
				if (!"query".equals(parameter.getIn()) || parameter.getSchema() == null) {
					continue;
				}
				switch (parameter.getName()) {
					case "limit" -> parameter.getSchema().setDefault(Paging.DEFAULT_LIMIT);
					case "offset" -> parameter.getSchema().setDefault(Paging.DEFAULT_OFFSET);
					default -> {
						if (isList(handler, parameter.getName()) && isString(parameter.getSchema())) {
							parameter.getSchema().setMinLength(null);
							parameter.getSchema().setMaxLength(null);
						}
					}
				}
			}
			return operation;
		};
	}

	private static boolean isString(Schema<?> schema) {
		return "string".equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains("string"));
	}

	private static boolean isList(HandlerMethod handler, String parameterName) {
		return Arrays.stream(handler.getMethodParameters())
			.anyMatch((parameter) -> parameterName.equals(parameter.getParameterName())
					&& Collection.class.isAssignableFrom(parameter.getParameterType()));
	}

	/**
	 * Request bodies are read strictly (a property the schema does not name is a 400), so their
	 * schemas, and the schemas nested in them, say so: {@code additionalProperties: false}. A
	 * property they do not require may be null, which is read as left out.
	 */
	@Bean
	OpenApiCustomizer closedRequestBodies() {
		return (openApi) -> {
			Map<String, Schema> components = openApi.getComponents().getSchemas();
			openApi.getPaths()
				.values()
				.stream()
				.flatMap((path) -> path.readOperations().stream())
				.map(Operation::getRequestBody)
				.filter((body) -> body != null && body.getContent() != null)
				.flatMap((body) -> body.getContent().values().stream())
				.forEach((media) -> close(media.getSchema(), components, new HashSet<>()));
		};
	}

	private static void close(Schema<?> schema, Map<String, Schema> components, Set<String> closed) {
		if (schema == null) {
			return;
		}
		if (schema.get$ref() != null) {
			String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
			if (closed.add(name)) {
				close(components.get(name), components, closed);
			}
			return;
		}
		if (schema.getProperties() != null) {
			schema.setAdditionalProperties(false);
			schema.getProperties().forEach((name, property) -> {
				if ((schema.getRequired() == null || !schema.getRequired().contains(name)) && property.getTypes() != null) {
					property.addType("null");
				}
				close(property, components, closed);
			});
		}
		close(schema.getItems(), components, closed);
	}

	private static String feature(HandlerMethod handler) {
		String controllerPackage = handler.getBeanType().getPackageName();
		return controllerPackage.substring(controllerPackage.lastIndexOf('.') + 1);
	}

	@Bean
	FieldConstraints fieldConstraints() {
		return new FieldConstraints();
	}

	private static List<Problem> problemsOf(HandlerMethod handler) {
		Problem[] problems = handler.getMethod().getAnnotationsByType(Problem.class);
		return Arrays.asList(problems);
	}

	private static void add(Operation operation, int status, String code, String when) {
		if (operation.getResponses() == null) {
			operation.setResponses(new ApiResponses());
		}
		String key = String.valueOf(status);
		ApiResponse existing = operation.getResponses().get(key);
		String line = "`" + code + "`: " + when;
		if (existing != null && existing.getContent() != null
				&& existing.getContent().containsKey("application/problem+json")) {
			existing.setDescription(existing.getDescription() + "; " + line);
			return;
		}
		operation.getResponses()
			.addApiResponse(key, new ApiResponse().description(line)
				.content(new Content().addMediaType("application/problem+json",
						new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM)))));
	}

	private static Schema<?> problemSchema() {
		ObjectSchema fieldError = new ObjectSchema();
		fieldError.setProperties(Map.of("field", new StringSchema(), "message", new StringSchema()));
		ObjectSchema problem = new ObjectSchema();
		problem.description("RFC 9457 problem details with the marketplace's machine-readable code");
		problem.setProperties(Map.of("type", new StringSchema().example("urn:marketplace:problem:item-not-found"),
				"title", new StringSchema().example("Not Found"), "status", new IntegerSchema().example(404),
				"detail", new StringSchema().example("No item has ID 3-17"), "instance", new StringSchema(), "code",
				new StringSchema().example("ITEM_NOT_FOUND"), "errors",
				new ArraySchema().items(fieldError).description("Validation errors only")));
		return problem;
	}

}
