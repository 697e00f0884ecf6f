package dev.marketplace.web;

import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Optional;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * The name an internal caller presents: the common name (CN) of its client certificate, such as
 * {@code buyer-service} or {@code operator}. Mutual TLS proves that the internal CA signed it;
 * each service then lets only the names it lists call it.
 */
public final class CallerCertificate {

	private CallerCertificate() {
	}

	/** The CN of the chain's first certificate, the caller's own; empty if it has none. */
	public static Optional<String> name(Certificate[] chain) {
		if (chain == null || chain.length == 0 || !(chain[0] instanceof X509Certificate certificate)) {
			return Optional.empty();
		}
		try {
			LdapName subject = new LdapName(certificate.getSubjectX500Principal().getName());
			return subject.getRdns()
				.stream()
				.filter((rdn) -> rdn.getType().equalsIgnoreCase("CN"))
				.map(Rdn::getValue)
				.map(String::valueOf)
				.findFirst();
		}
		catch (InvalidNameException ex) {
			return Optional.empty();
		}
	}

}
