"""Checks the Grafana dashboard against a running marketplace (./marketplace up, after traffic):
every metric a panel queries is served by one of the five actuators (by each service an `app`
matcher names), with every label the panel filters or groups by. Prometheus adds `app`
(observability/prometheus.yml) and `le` is the buckets' own; the rest must come from the
services, or the panel would chart nothing."""
import json
import os
import re
import sys
import urllib.request

DASHBOARD = "observability/grafana/dashboards/marketplace.json"
ACTUATORS = {
    "seller-service": os.environ.get("SELLER_MANAGEMENT_PORT", "8181"),
    "buyer-service": os.environ.get("BUYER_MANAGEMENT_PORT", "8182"),
    "financial-soap-service": os.environ.get("FINANCIAL_MANAGEMENT_PORT", "8183"),
    "customer-db-service": os.environ.get("CUSTOMER_DB_HTTP_PORT", "8091"),
    "product-db-service": os.environ.get("PRODUCT_DB_HTTP_PORT", "8092"),
}
ADDED_BY_PROMETHEUS = {"app", "le"}
MATCHERS = re.compile(r"\{([^}]*)\}")
MATCHER_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"')
GROUPING = re.compile(r"\b(?:by|without)\s*\(([^)]*)\)")
RANGE = re.compile(r"\[[^\]]*\]")
NAME_NOT_CALLED = re.compile(r"\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()")
SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s")
SAMPLE_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="(?:[^"\\]|\\.)*"')
APP_MATCHER = re.compile(r'\bapp\s*(=~|=)\s*"([^"]*)"')
SERVICE_NAMES = re.compile(r"[a-z0-9-]+(?:\|[a-z0-9-]+)*")


def served_labels():
    """Every metric name the actuators serve: for each service serving it, the label names seen."""
    labels = {}
    for service, port in ACTUATORS.items():
        url = f"http://localhost:{port}/actuator/prometheus"
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                exposition = answer.read().decode()
        except OSError as error:
            sys.exit(f"dashboard-metrics: {service} did not answer at {url}: {error}")
        for line in exposition.splitlines():
            sample = SAMPLE.match(line)
            if sample:
                names = labels.setdefault(sample.group(1), {}).setdefault(service, set())
                names.update(SAMPLE_LABEL.findall(sample.group(2) or ""))
    return labels


def services_named(expr):
    """The services an expression's `app` matchers name (each a name or names joined by |)."""
    named = set()
    for operator, value in APP_MATCHER.findall(expr):
        if operator == "=~" and not SERVICE_NAMES.fullmatch(value):
            sys.exit(f"dashboard-metrics: cannot tell which services app=~\"{value}\" selects in {expr}")
        named.update(value.split("|"))
    return named


def queried(expr):
    """The metrics an expression selects, and the labels it filters or groups by."""
    used = {label for matchers in MATCHERS.findall(expr) for label in MATCHER_LABEL.findall(matchers)}
    for grouping in GROUPING.findall(expr):
        used.update(label.strip() for label in grouping.split(",") if label.strip())
    # What is left once label matchers, groupings and ranges are gone: function names (followed
    # by a parenthesis), numbers and metric names.
    rest = RANGE.sub(" ", GROUPING.sub(" ", MATCHERS.sub(" ", expr)))
    metrics = set(NAME_NOT_CALLED.findall(rest))
    return metrics, used - ADDED_BY_PROMETHEUS


def main():
    with open(DASHBOARD) as file:
        panels = json.load(file)["panels"]
    labels = served_labels()
    problems = []
    queries = 0
    for panel in panels:
        for target in panel.get("targets", []):
            queries += 1
            metrics, used = queried(target["expr"])
            if not metrics:
                problems.append(f"{panel['title']}: no metric found in {target['expr']}")
            for metric in sorted(metrics - labels.keys()):
                problems.append(f"{panel['title']}: no service serves {metric}")
            named = services_named(target["expr"])
            for service in sorted(named - ACTUATORS.keys()):
                problems.append(f"{panel['title']}: no service is called {service}")
            for metric in sorted(metrics & labels.keys()):
                for service in sorted((named & ACTUATORS.keys()) - labels[metric].keys()):
                    problems.append(f"{panel['title']}: {service} does not serve {metric}")
            served = set().union(*(names for metric in metrics
                                   for service, names in labels.get(metric, {}).items()
                                   if not named or service in named))
            for label in sorted(used - served):
                problems.append(f"{panel['title']}: no label {label} on {', '.join(sorted(metrics))}")
    for problem in problems:
        print(f"dashboard-metrics: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"dashboard-metrics: the {queries} queries of {len(panels)} panels find their metrics and labels")


if __name__ == "__main__":
    main()
