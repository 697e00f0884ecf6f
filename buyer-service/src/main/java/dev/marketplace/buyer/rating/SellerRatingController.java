package dev.marketplace.buyer.rating;

import dev.marketplace.frontend.account.SellerRatingJson;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc.SellerServiceBlockingStub;
import io.swagger.v3.oas.annotations.Operation;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SellerRatingController {

	private final SellerServiceBlockingStub sellers;

	SellerRatingController(SellerServiceBlockingStub sellers) {
		this.sellers = sellers;
	}

	@Operation(summary = "GetSellerRating",
			description = "Any seller's feedback: the thumbs up and down buyers gave its items.")
	@Problem(status = 404, code = "SELLER_NOT_FOUND", when = "No seller has that ID")
	@GetMapping("/api/v1/sellers/{sellerId}/rating")
	SellerRatingJson rating(BearerToken buyer, @PathVariable long sellerId) {
		return SellerRatingJson.ofSeller(this.sellers, sellerId, buyer);
	}

}
