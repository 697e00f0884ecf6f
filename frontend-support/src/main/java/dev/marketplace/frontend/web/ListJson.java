package dev.marketplace.frontend.web;

import java.util.List;

/** REST-API.md wraps every list: {@code {"items": [...]}}. */
public record ListJson<T>(List<T> items) {
}
