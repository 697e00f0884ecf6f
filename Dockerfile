# syntax=docker/dockerfile:1
# The image of any one marketplace service, from the executable jar `./mvnw -DskipTests package`
# built (docker-compose.yml builds all five):
#   docker build --build-arg MODULE=buyer-service -t marketplace/buyer-service .
# Spring Boot's layered jar, extracted: dependencies change least and come first, so a rebuild
# after a code change reuses their layers. The extracted jar runs on the plain class path, without
# Boot's nested-jar loader.
ARG JRE_IMAGE=eclipse-temurin:25-jre

FROM ${JRE_IMAGE} AS extract
ARG MODULE
WORKDIR /build
COPY ${MODULE}/target/${MODULE}-*-exec.jar application.jar
RUN java -Djarmode=tools -jar application.jar extract --layers --destination extracted

FROM ${JRE_IMAGE}
ARG MODULE
LABEL org.opencontainers.image.title="marketplace ${MODULE}"
# /tls is where the certificates volume mounts: owned by the service's user, so the development
# certificates the certificates job writes there are readable by the services alone.
RUN groupadd --system --gid 10001 marketplace \
 && useradd --system --uid 10001 --gid marketplace --no-create-home marketplace \
 && mkdir /tls && chown 10001:10001 /tls
WORKDIR /app
COPY --from=extract /build/extracted/dependencies/ ./
COPY --from=extract /build/extracted/spring-boot-loader/ ./
COPY --from=extract /build/extracted/snapshot-dependencies/ ./
COPY --from=extract /build/extracted/application/ ./
USER 10001:10001
# Inside a container the internal ports listen on its network (the host publishes them or not);
# each service still demands mutual TLS on them. The heap is a share of the container's memory;
# Netty's leak detector, which samples buffers on every gRPC call, is for the tests.
ENV INTERNAL_BIND_ADDRESS=0.0.0.0 \
    MARKETPLACE_TLS_DIR=/tls \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=70 -XX:+ExitOnOutOfMemoryError -Dio.netty.leakDetection.level=disabled"
ENTRYPOINT ["java", "-jar", "application.jar"]
