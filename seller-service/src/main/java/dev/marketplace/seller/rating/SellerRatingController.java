package dev.marketplace.seller.rating;

import dev.marketplace.frontend.account.SellerRatingJson;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc.SellerServiceBlockingStub;
import io.swagger.v3.oas.annotations.Operation;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SellerRatingController {

	private final SellerServiceBlockingStub sellers;

	SellerRatingController(SellerServiceBlockingStub sellers) {
		this.sellers = sellers;
	}

	@Operation(summary = "GetSellerRating: own feedback",
			description = "The thumbs up and down buyers gave the calling seller's items, and the units it has sold.")
	@GetMapping("/api/v1/sellers/me/rating")
	SellerRatingJson ownRating(BearerToken seller) {
		return SellerRatingJson.own(this.sellers, seller);
	}

}
