{{/* The labels every object of one service carries; the selector is their first two. */}}
{{- define "marketplace.selector" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{- define "marketplace.labels" -}}
{{ include "marketplace.selector" . }}
app.kubernetes.io/part-of: marketplace
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end }}

{{/* A service's Kubernetes name: the release's prefix and the module's name. */}}
{{- define "marketplace.fullname" -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "marketplace.databaseSecret" -}}
{{- default (printf "%s-database" .Release.Name) .Values.database.existingSecret }}
{{- end }}

{{- define "marketplace.fingerprintSecret" -}}
{{- default (printf "%s-purchase-fingerprint" .Release.Name) .Values.purchaseFingerprintKey.existingSecret }}
{{- end }}

{{/* The gRPC target of a DB service: its headless Service's DNS name, each pod one address. */}}
{{- define "marketplace.grpcTarget" -}}
{{- $service := index .root.Values.services .name -}}
dns:///{{ include "marketplace.fullname" . }}-headless.{{ .root.Release.Namespace }}.svc.cluster.local:{{ $service.port }}
{{- end }}
