package dev.marketplace.financial.payment;

import org.springframework.ws.soap.server.endpoint.annotation.FaultCode;
import org.springframework.ws.soap.server.endpoint.annotation.SoapFault;

/** A capture or void the transaction's state does not allow: a SOAP 1.1 Client fault saying why. */
@SoapFault(faultCode = FaultCode.CLIENT)
class PaymentStateException extends RuntimeException {

	PaymentStateException(String reason) {
		super(reason);
	}

}
