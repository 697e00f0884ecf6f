"""Calls the payment service as a standard SOAP client does: zeep reads the published WSDL and
calls AuthorizePayment at the address the WSDL names (no address in this code), over mutual TLS
with the operator's certificate, then VoidPayment, so no hold is left behind (the payment ledger
balances with the marketplace's purchases: ./marketplace books). Usage: wsdl-client.py <tls dir>
[financial port]."""
import sys
import uuid
from decimal import Decimal

from requests import Session
from zeep import Client
from zeep.transports import Transport

tls = sys.argv[1]
port = sys.argv[2] if len(sys.argv) > 2 else "8083"
session = Session()
session.trust_env = False  # REQUESTS_CA_BUNDLE would otherwise replace the CA below
session.cert = (f"{tls}/operator.crt", f"{tls}/operator.key")
session.verify = f"{tls}/ca.crt"
client = Client(f"https://localhost:{port}/ws/payments.wsdl", transport=Transport(session=session))
transaction = str(uuid.uuid4())
answer = client.service.AuthorizePayment(transactionId=transaction, cardholderName="Ada Lovelace",
                                         cardNumber="4111111111111111", expiry="12/99", securityCode="123",
                                         amount=Decimal("12.50"))
if answer.transactionId is None or answer.approved is None or not answer.reason:
    sys.exit(f"wsdl-client: an incomplete answer: {answer}")
print(f"wsdl-client: AuthorizePayment answered approved={answer.approved} ({answer.reason})")
voided = client.service.VoidPayment(transactionId=transaction)
if voided.state not in ("VOIDED", "DECLINED"):
    sys.exit(f"wsdl-client: VoidPayment left the payment {voided.state}")
print(f"wsdl-client: VoidPayment answered {voided.state}")
