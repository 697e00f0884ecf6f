package dev.marketplace.financial.payment;

import org.springframework.ws.soap.server.endpoint.annotation.FaultCode;
import org.springframework.ws.soap.server.endpoint.annotation.SoapFault;

/** Malformed card data: a SOAP 1.1 Client fault whose faultstring says what is wrong. */
@SoapFault(faultCode = FaultCode.CLIENT)
class InvalidCardException extends RuntimeException {

	InvalidCardException(String reason) {
		super(reason);
	}

}
